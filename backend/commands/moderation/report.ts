import { HIDING_REPORT_CATEGORIES, type DomainEvent, type EventDataOf, type ModerationAction } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/** A report (stream `report-<id>`): filed, then decided once. */
export type Report =
  | { status: 'none' }
  | { status: 'open' | 'decided'; filed: EventDataOf<'ReportFiled'>; action: ModerationAction | null };

export const report: Aggregate<Report> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'ReportFiled') return { status: 'open', filed: event.data, action: null };
    if (event.type === 'ReportDecided' && state.status !== 'none')
      return { ...state, status: 'decided', action: event.data.action };
    return state;
  },
};

export const handleReport = commandHandler(report);

export type FileReport = Omit<EventDataOf<'ReportFiled'>, 'hides' | 'receivedAt'>;

export function decideFileReport(command: FileReport, state: Report, now: Date): DomainEvent[] {
  if (state.status !== 'none') return [];
  if (command.reporterKind === 'visitor' && !command.email) throw new DomainError('validation_failed');
  return [
    {
      type: 'ReportFiled',
      data: { ...command, hides: HIDING_REPORT_CATEGORIES.includes(command.category), receivedAt: now.toISOString() },
    },
  ];
}

/** What may be done to a target of this kind (ending a show is for shows, suspending for performers). */
export function actionFits(action: ModerationAction, filed: EventDataOf<'ReportFiled'>): boolean {
  switch (action) {
    case 'end_show':
      return filed.targetKind === 'show';
    case 'suspend_performer':
      return filed.subjectKind === 'performer';
    case 'ban_user':
      return filed.subjectKind === 'user';
    default:
      return true;
  }
}

export function decideDecideReport(
  command: { action: ModerationAction; statementId: string; adminId: string },
  state: Report,
  now: Date,
): DomainEvent[] {
  if (state.status === 'none') throw new DomainError('not_found');
  if (state.status === 'decided') throw new DomainError('report_decided');
  if (!actionFits(command.action, state.filed)) throw new DomainError('report_action_invalid');
  const { reportId, targetKind, targetId, subjectKind, subjectId } = state.filed;
  return [
    {
      type: 'ReportDecided',
      data: {
        reportId,
        targetKind,
        targetId,
        subjectKind,
        subjectId,
        action: command.action,
        statementId: command.statementId,
        adminId: command.adminId,
        decidedAt: now.toISOString(),
      },
    },
  ];
}
