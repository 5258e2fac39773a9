import { z } from 'zod';

/** What a report names (DSA Art. 16): a performer's profile, a photo, a show, a show room line, a chat message. */
export const reportTargetKinds = ['performer', 'photo', 'show', 'show_message', 'message'] as const;
export type ReportTargetKind = (typeof reportTargetKinds)[number];

export const reportCategories = [
  'minori',
  'non_consensuale',
  'violenza',
  'illegale',
  'diritto_autore',
  'spam',
  'altro',
] as const;
export type ReportCategory = (typeof reportCategories)[number];

/** Categories whose report hides the target at once, until a decision. */
export const HIDING_REPORT_CATEGORIES: readonly ReportCategory[] = ['minori', 'non_consensuale'];

export const moderationActions = ['none', 'remove_content', 'end_show', 'suspend_performer', 'ban_user'] as const;
export type ModerationAction = (typeof moderationActions)[number];
export const moderationGrounds = ['legge', 'termini'] as const;
export const appealOutcomes = ['upheld', 'reversed'] as const;

/** Moderation streams: a report, a statement of reasons, an appeal against one. */
export const moderationStreams = {
  report: (reportId: string) => `report-${reportId}`,
  statement: (statementId: string) => `moderation-statement-${statementId}`,
  appeal: (appealId: string) => `moderation-appeal-${appealId}`,
} as const;

/** Someone reported content (stream `report-<id>`). `reporterId` null: a visitor, who gave `email`. */
export const ReportFiled = z.object({
  reportId: z.string().uuid(),
  targetKind: z.enum(reportTargetKinds),
  targetId: z.string(),
  /** the person the content belongs to (a performer, or the user who wrote a line or message) */
  subjectKind: z.enum(['performer', 'user']),
  subjectId: z.string(),
  category: z.enum(reportCategories),
  description: z.string(),
  reporterKind: z.enum(['user', 'performer', 'admin', 'visitor']),
  reporterId: z.string().nullable(),
  email: z.string().nullable(),
  /** the target is hidden from everyone else until a decision */
  hides: z.boolean(),
  receivedAt: z.string(),
});

/** An admin decided a report; the statement of reasons is `statementId`'s stream. */
export const ReportDecided = z.object({
  reportId: z.string().uuid(),
  targetKind: z.enum(reportTargetKinds),
  targetId: z.string(),
  subjectKind: z.enum(['performer', 'user']),
  subjectId: z.string(),
  action: z.enum(moderationActions),
  statementId: z.string().uuid(),
  adminId: z.string(),
  decidedAt: z.string(),
});

/** A statement of reasons (DSA Art. 17) for a moderation act, told to the person affected. */
export const ModerationStatementIssued = z.object({
  statementId: z.string().uuid(),
  /** the report it decided, if any */
  reportId: z.string().uuid().nullable(),
  subjectKind: z.enum(['performer', 'user']),
  subjectId: z.string(),
  targetKind: z.enum([...reportTargetKinds, 'portrait']),
  targetId: z.string(),
  action: z.enum([...moderationActions, 'reject_content', 'reject_performer']),
  ground: z.enum(moderationGrounds),
  groundDetail: z.string(),
  /** the facts and the reasons, in the admin's words */
  statement: z.string(),
  /** whether automated means were used to detect or decide (Aura's decisions are human) */
  automated: z.boolean(),
  /** how to seek redress */
  redress: z.string(),
  adminId: z.string(),
  issuedAt: z.string(),
});

/** The person affected appealed a statement (stream `moderation-appeal-<id>`, one per statement). */
export const AppealFiled = z.object({
  appealId: z.string().uuid(),
  statementId: z.string().uuid(),
  byId: z.string(),
  text: z.string(),
  /** the admin who made the decision appealed (another must decide the appeal) */
  decidedBy: z.string(),
  filedAt: z.string(),
});

export const AppealDecided = z.object({
  appealId: z.string().uuid(),
  statementId: z.string().uuid(),
  outcome: z.enum(appealOutcomes),
  statement: z.string(),
  adminId: z.string(),
  decidedAt: z.string(),
});

export const moderationEvents = {
  ReportFiled,
  ReportDecided,
  ModerationStatementIssued,
  AppealFiled,
  AppealDecided,
} as const;
