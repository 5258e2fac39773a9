import type { EventDataOf } from '@aura/contracts';
import { DomainError } from './domain-error';

/** What an admin's act tells the moderation module to issue (it adds the redress, `automated` and the time). */
export type IssueStatement = Omit<EventDataOf<'ModerationStatementIssued'>, 'automated' | 'redress' | 'issuedAt'>;

/** Issues a statement of reasons (DSA Art. 17) and mails it to the person affected: the one path of every admin act. */
export type IssueStatementFn = (command: IssueStatement, metadata: Record<string, unknown>) => Promise<void>;

/**
 * An admin's moderation act outside a report (rejecting a performer, deleting a photo, ending a show)
 * states its reasons: without a statement it is refused (400 statement_required) before anything is
 * applied. Her own moderation (her photo, her show) needs none: null.
 */
export function actStatement(caller: { kind: string }, statement: string | null | undefined): string | null {
  if (caller.kind !== 'admin') return null;
  const text = statement?.trim() ?? '';
  if (!text) throw new DomainError('statement_required');
  return text;
}
