import { moderationActionLabels, moderationStreams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import type { IssueStatementFn } from '../../platform/statement-of-reasons';
import type { Logger } from '../../platform/logging/logger';
import type { Mailer } from '../../platform/mail/mailer';
import { decideIssueStatement, handleStatement } from './statement';

export type Subject = { subjectKind: 'performer' | 'user'; subjectId: string };

export interface StatementDeps {
  eventStore: EventStore;
  now: () => Date;
  mailer: Mailer;
  logger: Logger;
  /** the address a person is told at (null: none known, e.g. a deleted account) */
  emailOf: (subject: Subject) => Promise<string | null>;
}

export type { IssueStatementFn } from '../../platform/statement-of-reasons';
export { actStatement } from '../../platform/statement-of-reasons';

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
