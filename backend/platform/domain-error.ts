import { refusalText, type ErrorCode, type ProblemExtras } from '@aura/contracts';

/**
 * A decider refused a command. The code names the refusal; its status and text come from
 * `contracts` (errors.ts), so a refusal is worded once. `extras` go into the problem.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly extras?: ProblemExtras,
  ) {
    super(refusalText(code));
    this.name = 'DomainError';
  }
}
