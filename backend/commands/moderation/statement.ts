import type { DomainEvent, EventDataOf } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/** How the person affected seeks redress, as every statement of reasons says it (DSA Art. 17(3)(f)). */
export const REDRESS_TEXT =
  "Puoi chiedere il riesame di questa decisione entro 6 mesi dalla sezione 'Comunicazioni' (un altro amministratore la valuterà), " +
  "rivolgerti a un organismo di risoluzione extragiudiziale certificato (art. 21 DSA) o all'autorità giudiziaria.";

/** A statement of reasons (stream `moderation-statement-<id>`): issued once. */
export type Statement = { status: 'none' } | { status: 'issued'; issued: EventDataOf<'ModerationStatementIssued'> };

export const statement: Aggregate<Statement> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) =>
    event.type === 'ModerationStatementIssued' ? { status: 'issued', issued: event.data } : state,
};

export const handleStatement = commandHandler(statement);

export type IssueStatement = Omit<EventDataOf<'ModerationStatementIssued'>, 'automated' | 'redress' | 'issuedAt'>;

/** Every statement is a person's decision, with the ways to appeal it; issuing it again writes nothing. */
export function decideIssueStatement(command: IssueStatement, state: Statement, now: Date): DomainEvent[] {
  if (state.status === 'issued') return [];
  return [
    {
      type: 'ModerationStatementIssued',
      data: { ...command, automated: false, redress: REDRESS_TEXT, issuedAt: now.toISOString() },
    },
  ];
}

/** An appeal (stream `moderation-appeal-<id>`, one per statement). */
export type Appeal =
  { status: 'none' } | { status: 'open' | 'decided'; appealId: string; statementId: string; decidedBy: string };

export const appeal: Aggregate<Appeal> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'AppealFiled')
      return {
        status: 'open',
        appealId: event.data.appealId,
        statementId: event.data.statementId,
        decidedBy: event.data.decidedBy,
      };
    if (event.type === 'AppealDecided' && state.status !== 'none') return { ...state, status: 'decided' };
    return state;
  },
};

export const handleAppeal = commandHandler(appeal);

export function decideFileAppeal(
  command: { appealId: string; byId: string; text: string },
  issued: Statement,
  state: Appeal,
  now: Date,
): DomainEvent[] {
  if (issued.status === 'none') throw new DomainError('not_found');
  if (issued.issued.subjectId !== command.byId) throw new DomainError('appeal_not_yours');
  if (state.status !== 'none') throw new DomainError('appeal_exists');
  return [
    {
      type: 'AppealFiled',
      data: {
        appealId: command.appealId,
        statementId: issued.issued.statementId,
        byId: command.byId,
        text: command.text,
        decidedBy: issued.issued.adminId,
        filedAt: now.toISOString(),
      },
    },
  ];
}

export function decideDecideAppeal(
  command: { adminId: string; outcome: 'upheld' | 'reversed'; statement: string },
  state: Appeal,
  now: Date,
): DomainEvent[] {
  if (state.status === 'none') throw new DomainError('not_found');
  if (state.status === 'decided') throw new DomainError('appeal_decided');
  if (state.decidedBy === command.adminId) throw new DomainError('same_admin');
  return [
    {
      type: 'AppealDecided',
      data: {
        appealId: state.appealId,
        statementId: state.statementId,
        outcome: command.outcome,
        statement: command.statement,
        adminId: command.adminId,
        decidedAt: now.toISOString(),
      },
    },
  ];
}
