import type { EventStore } from '../../platform/eventstore/port';
import { jobProcessor } from '../../kernel/module';
import { creditWelcomeBonus } from '../../commands/accounts/register';

export const WELCOME_CREDIT_JOB = 'accounts.welcome-credit';

export type WelcomeCreditJob = { userId: string; causationId: string };

/**
 * Appends a user's welcome credit; idempotent by its fixed event id, retried with backoff when the
 * store is unreachable. `isCredited` (the wallet ledger has it) skips the append in the usual case,
 * which matters when the reaction replays a long log: a lookup instead of a refused append.
 */
export const welcomeCreditJob = (deps: {
  eventStore: EventStore;
  now: () => Date;
  isCredited?: (userId: string) => Promise<boolean>;
}) =>
  jobProcessor<WelcomeCreditJob>(WELCOME_CREDIT_JOB, async ({ userId, causationId }) => {
    if (await deps.isCredited?.(userId)) return;
    await creditWelcomeBonus(deps, userId, { causationId });
  });

/**
 * The job waits a second: the registration appends the credit right after UserRegistered, so when
 * a replay meets the two in different batches the next batch has it by then and the job finds it
 * in the users read model, rather than trying a refused append (thousands of them on a first start).
 */
export const welcomeCreditJobOptions = (userId: string) => ({
  jobId: `welcome-credit-${userId}`,
  delayMs: 1_000,
  attempts: 8,
  backoff: { type: 'exponential' as const, delayMs: 500 },
});
