import { moderationActionLabels, moderationStreams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { DomainError } from '../../platform/domain-error';
import type { Logger } from '../../platform/logging/logger';
import type { Mailer } from '../../platform/mail/mailer';
import { decideIssueStatement, handleStatement, type IssueStatement } from './statement';

export type Subject = { subjectKind: 'performer' | 'user'; subjectId: string };
type Metadata = Record<string, unknown>;

export interface StatementDeps {
  eventStore: EventStore;
  now: () => Date;
  mailer: Mailer;
  logger: Logger;
  /** the address a person is told at (null: none known, e.g. a deleted account) */
  emailOf: (subject: Subject) => Promise<string | null>;
}

/** Issues a statement of reasons (DSA Art. 17) and mails it to the person affected: the one path of every admin act. */
export type IssueStatementFn = (command: IssueStatement, metadata: Metadata) => Promise<void>;

/** Mail is told, not awaited by the outcome: a mail server down never undoes a decision. */
export async function tell(deps: StatementDeps, to: string | null, subject: string, text: string) {
  if (!to) return;
  try {
    await deps.mailer.send({ to, subject, text });
  } catch (error) {
    deps.logger.warn('moderation mail not sent', { error: String(error) });
  }
}

export function statementIssuer(deps: StatementDeps): IssueStatementFn {
  return async (command, metadata) => {
    await handleStatement(
      deps.eventStore,
      moderationStreams.statement(command.statementId),
      (state) => decideIssueStatement(command, state, deps.now()),
      { metadata },
    );
    const text = [
      `Decisione: ${moderationActionLabels[command.action]}`,
      `Motivazione: ${command.statement}`,
      `Base: ${command.ground === 'legge' ? 'obbligo di legge' : 'termini di servizio'} (${command.groundDetail})`,
      'Mezzi automatizzati: no, la decisione è stata presa da una persona.',
      "Per chiedere il riesame: accedi ad Aura e apri 'Comunicazioni'.",
    ].join('\n');
    await tell(deps, await deps.emailOf(command), 'Aura: decisione di moderazione', text);
  };
}

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
