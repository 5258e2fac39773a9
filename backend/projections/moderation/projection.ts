import type { DomainEvent, EventDataOf, ModerationAction } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import type { ProjectionDefinition } from '../../kernel/projections/runner';

export const MODERATION_REPORTS = 'moderation_reports';
export const MODERATION_NOTICES = 'moderation_notices';
export const MODERATION_HIDDEN = 'moderation_hidden';

export type ReportDoc = Omit<EventDataOf<'ReportFiled'>, 'reportId'> & {
  _id: string;
  status: 'open' | 'decided';
  action: ModerationAction | null;
};

/** An appeal of a statement: filed by the person affected, decided by another admin. */
export type AppealEntry = {
  id: string;
  status: 'open' | 'upheld' | 'reversed';
  statement: string | null;
  text?: string;
  filedAt?: string;
  decidedBy?: string | null;
  decidedAt?: string | null;
};

export type NoticeDoc = Omit<EventDataOf<'ModerationStatementIssued'>, 'statementId'> & {
  _id: string;
  appeal: AppealEntry | null;
};

/**
 * What nobody but admins and its owner may see: a target while a report in a hiding category is
 * open on it, or once removed by a decision (`_id` `<kind>:<id>`); and an account suspended or
 * banned (`account:<id>`).
 */
export type HiddenDoc = { _id: string; kind: string; targetId: string; openReports: string[]; removed: boolean };

export function evolveReport(doc: ReportDoc | null, event: DomainEvent): ReportDoc | null {
  if (event.type === 'ReportFiled') {
    const { reportId, ...rest } = event.data;
    return { _id: reportId, ...rest, status: 'open', action: null };
  }
  if (event.type === 'ReportDecided' && doc) return { ...doc, status: 'decided', action: event.data.action };
  return doc;
}

export function evolveNotice(doc: NoticeDoc | null, event: DomainEvent): NoticeDoc | null {
  switch (event.type) {
    case 'ModerationStatementIssued': {
      const { statementId, ...rest } = event.data;
      return { _id: statementId, ...rest, appeal: doc?.appeal ?? null };
    }
    case 'AppealFiled': {
      const { appealId, text, filedAt } = event.data;
      const filed = { id: appealId, status: 'open' as const, statement: null, text, filedAt };
      return doc ? { ...doc, appeal: { ...filed, decidedBy: null, decidedAt: null } } : doc;
    }
    case 'AppealDecided': {
      const { appealId, outcome, statement, adminId, decidedAt } = event.data;
      const decided = { id: appealId, status: outcome, statement, decidedBy: adminId, decidedAt };
      return doc ? { ...doc, appeal: { ...doc.appeal, ...decided } } : doc;
    }
    default:
      return doc;
  }
}

/** The hidden targets and sanctioned accounts an event changes (one document each). */
export function hiddenKeysOf(event: DomainEvent): string[] {
  if (event.type === 'ReportFiled') return event.data.hides ? [`${event.data.targetKind}:${event.data.targetId}`] : [];
  if (event.type === 'ReportDecided') {
    const keys = [`${event.data.targetKind}:${event.data.targetId}`];
    if (event.data.action === 'suspend_performer' || event.data.action === 'ban_user')
      keys.push(`account:${event.data.subjectId}`, `performer:${event.data.subjectId}`);
    return keys;
  }
  return [];
}

export function evolveHidden(doc: HiddenDoc | null, event: DomainEvent, key: string): HiddenDoc | null {
  const [kind, targetId] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  const current = doc ?? { _id: key, kind, targetId, openReports: [], removed: false };
  if (event.type === 'ReportFiled')
    return {
      ...current,
      openReports: [...current.openReports.filter((id) => id !== event.data.reportId), event.data.reportId],
    };
  if (event.type === 'ReportDecided') {
    const openReports = current.openReports.filter((id) => id !== event.data.reportId);
    const sanction = event.data.action === 'suspend_performer' || event.data.action === 'ban_user';
    const removed =
      current.removed ||
      (kind === event.data.targetKind && event.data.action === 'remove_content') ||
      (sanction && (kind === 'account' || kind === 'performer'));
    return { ...current, openReports, removed };
  }
  return doc;
}

export const reportsProjection = docProjection<ReportDoc>({
  name: MODERATION_REPORTS,
  collection: MODERATION_REPORTS,
  eventTypes: ['ReportFiled', 'ReportDecided'],
  documentId: (event) =>
    event.type === 'ReportFiled' || event.type === 'ReportDecided' ? event.data.reportId : undefined,
  evolve: evolveReport,
  indexes: [{ keys: { status: 1, receivedAt: 1 }, options: { name: 'by_status' } }],
});

export const noticesProjection = docProjection<NoticeDoc>({
  name: MODERATION_NOTICES,
  collection: MODERATION_NOTICES,
  eventTypes: ['ModerationStatementIssued', 'AppealFiled', 'AppealDecided'],
  documentId: (event) =>
    event.type === 'ModerationStatementIssued' || event.type === 'AppealFiled' || event.type === 'AppealDecided'
      ? event.data.statementId
      : undefined,
  evolve: evolveNotice,
  indexes: [{ keys: { subjectId: 1, issuedAt: -1 }, options: { name: 'by_subject' } }],
});

export const hiddenProjection: ProjectionDefinition = {
  name: MODERATION_HIDDEN,
  collections: [MODERATION_HIDDEN],
  eventTypes: ['ReportFiled', 'ReportDecided'],
  async apply(event, readModels) {
    const docs = readModels.collection<HiddenDoc>(MODERATION_HIDDEN);
    for (const key of hiddenKeysOf(event)) {
      const next = evolveHidden(await docs.findOne({ _id: key }), event, key);
      if (next) await docs.replaceOne({ _id: key }, next, { upsert: true });
    }
  },
};
