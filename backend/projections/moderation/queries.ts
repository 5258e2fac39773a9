import type { AppealView, ModerationNoticeView, ReportView } from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import {
  MODERATION_HIDDEN,
  MODERATION_NOTICES,
  MODERATION_REPORTS,
  type HiddenDoc,
  type NoticeDoc,
  type ReportDoc,
} from './projection';

/** Reports older than this are overdue (the card networks resolve complaints within 7 days). */
export const REPORT_DEADLINE_HOURS = 7 * 24;
const HOUR = 3_600_000;

export function toReportView(doc: ReportDoc, hidden: boolean, now: Date): ReportView {
  const ageHours = Math.max(0, Math.floor((now.getTime() - Date.parse(doc.receivedAt)) / HOUR));
  return {
    id: doc._id,
    targetKind: doc.targetKind,
    targetId: doc.targetId,
    subjectKind: doc.subjectKind,
    subjectId: doc.subjectId,
    category: doc.category,
    description: doc.description,
    reporterKind: doc.reporterKind,
    hidden,
    status: doc.status,
    receivedAt: doc.receivedAt,
    ageHours,
    overdue: doc.status === 'open' && ageHours >= REPORT_DEADLINE_HOURS,
    action: doc.action,
  };
}

export const toNoticeView = (doc: NoticeDoc): ModerationNoticeView => ({
  id: doc._id,
  targetKind: doc.targetKind,
  targetId: doc.targetId,
  action: doc.action,
  ground: doc.ground,
  groundDetail: doc.groundDetail,
  statement: doc.statement,
  automated: doc.automated,
  redress: doc.redress,
  issuedAt: doc.issuedAt,
  appeal: doc.appeal && { id: doc.appeal.id, status: doc.appeal.status, statement: doc.appeal.statement },
});

export function toAppealView(doc: NoticeDoc & { appeal: NonNullable<NoticeDoc['appeal']> }): AppealView {
  const { appeal } = doc;
  return {
    id: appeal.id,
    statementId: doc._id,
    subjectKind: doc.subjectKind,
    subjectId: doc.subjectId,
    action: doc.action,
    decisionStatement: doc.statement,
    decidedBy: doc.adminId,
    text: appeal.text ?? '',
    filedAt: appeal.filedAt ?? doc.issuedAt,
    status: appeal.status,
    statement: appeal.statement,
    appealDecidedBy: appeal.decidedBy ?? null,
    appealDecidedAt: appeal.decidedAt ?? null,
  };
}

const isHidden = (doc: HiddenDoc | null) => doc !== null && (doc.removed || doc.openReports.length > 0);

export function createModerationQueries(readModels: ReadModelStore) {
  const reports = readModels.collection<ReportDoc>(MODERATION_REPORTS);
  const notices = readModels.collection<NoticeDoc>(MODERATION_NOTICES);
  const hidden = readModels.collection<HiddenDoc>(MODERATION_HIDDEN);
  return {
    async reports(status: 'open' | 'decided', now: Date): Promise<ReportView[]> {
      const docs = await reports.find({ status }, { sort: { receivedAt: 1 } });
      const hiddenIds = new Set((await hidden.find({})).filter(isHidden).map((doc) => doc._id));
      return docs.map((doc) => toReportView(doc, hiddenIds.has(`${doc.targetKind}:${doc.targetId}`), now));
    },
    /** appeals open (or decided), oldest first */
    async appeals(status: 'open' | 'decided'): Promise<AppealView[]> {
      const filter =
        status === 'open' ? { 'appeal.status': 'open' } : { 'appeal.status': { $in: ['upheld', 'reversed'] } };
      const docs = (await notices.find(filter)).filter(
        (doc): doc is Parameters<typeof toAppealView>[0] => !!doc.appeal,
      );
      return docs.map(toAppealView).sort((a, b) => a.filedAt.localeCompare(b.filedAt));
    },
    async noticesOf(subjectId: string): Promise<ModerationNoticeView[]> {
      return (await notices.find({ subjectId }, { sort: { issuedAt: -1 } })).map(toNoticeView);
    },
    /** the ids of targets of this kind hidden from all but admins and their owner */
    async hiddenIds(kind: string): Promise<Set<string>> {
      return new Set((await hidden.find({ kind })).filter(isHidden).map((doc) => doc.targetId));
    },
    async isHidden(kind: string, id: string): Promise<boolean> {
      return isHidden(await hidden.findOne({ _id: `${kind}:${id}` }));
    },
    /** a performer suspended or a user banned by a decision */
    async isSanctioned(accountId: string): Promise<boolean> {
      return (await hidden.findOne({ _id: `account:${accountId}` }))?.removed ?? false;
    },
  };
}

export type ModerationQueries = ReturnType<typeof createModerationQueries>;
