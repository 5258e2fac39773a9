import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import {
  appealOutcomes,
  moderationActions,
  moderationGrounds,
  reportCategories,
  ReportFiled,
  reportTargetKinds,
} from '../events/moderation';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/** The Italian texts of the report form and the admin's decisions (one spelling, both tiers). */
export const MODERATION_MESSAGES = {
  targetKind: 'Contenuto da segnalare non valido',
  targetId: 'Contenuto da segnalare non valido',
  category: 'Scegli il motivo della segnalazione',
  description: 'Descrivi il problema (al massimo 2000 caratteri)',
  email: 'Inserisci un indirizzo email valido per ricevere la conferma',
  goodFaith: 'Conferma di segnalare in buona fede',
  statement: 'La motivazione è obbligatoria (al massimo 5000 caratteri)',
  groundDetail: 'Indica la norma o la clausola dei termini (al massimo 500 caratteri)',
  appealText: 'Spiega perché chiedi il riesame (al massimo 5000 caratteri)',
} as const;

/** The Italian names of the report categories, as the form lists them. */
export const reportCategoryLabels: Record<(typeof reportCategories)[number], string> = {
  minori: 'Coinvolge minori',
  non_consensuale: 'Contenuto non consensuale',
  violenza: 'Violenza o minacce',
  illegale: 'Altro contenuto illegale',
  diritto_autore: "Violazione del diritto d'autore",
  spam: 'Spam o truffa',
  altro: 'Altro',
};

/** The Italian names of the admin's actions. */
export const moderationActionLabels: Record<
  (typeof moderationActions)[number] | 'reject_content' | 'reject_performer',
  string
> = {
  none: 'Nessuna azione',
  remove_content: 'Rimozione del contenuto',
  end_show: 'Chiusura dello show',
  suspend_performer: 'Sospensione della performer',
  ban_user: "Blocco dell'utente",
  reject_content: 'Contenuto non approvato',
  reject_performer: 'Registrazione non approvata',
};

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

/**
 * An admin's moderation act outside a report (deleting a photo, ending a show) carries its statement
 * of reasons (DSA Art. 17): required of an admin (400 statement_required), ignored when she acts on
 * her own photo or show.
 */
export const ActStatementBody = z.object({
  statement: z
    .string({ error: MODERATION_MESSAGES.statement })
    .trim()
    .max(5000, { error: MODERATION_MESSAGES.statement })
    .optional(),
});
export type ActStatementInput = z.input<typeof ActStatementBody>;

export const ReportBody = z.object({
  targetKind: z.enum(reportTargetKinds, { error: MODERATION_MESSAGES.targetKind }),
  targetId: z.string({ error: MODERATION_MESSAGES.targetId }).uuid({ error: MODERATION_MESSAGES.targetId }),
  category: z.enum(reportCategories, { error: MODERATION_MESSAGES.category }),
  description: text(2000, MODERATION_MESSAGES.description),
  /** required of a visitor (no session): where the receipt and the outcome go */
  email: z.string().trim().email({ error: MODERATION_MESSAGES.email }).max(254).optional(),
  goodFaith: z.literal(true, { error: MODERATION_MESSAGES.goodFaith }),
});
export type ReportInput = z.input<typeof ReportBody>;

export const ReportReceipt = z.object({ id: z.string().uuid(), receivedAt: z.string() });

/** A report as admins list it: what was filed (the reporter's identity and email left out), its state and age. */
export const ReportView = ReportFiled.pick({
  targetKind: true,
  targetId: true,
  subjectKind: true,
  subjectId: true,
  category: true,
  description: true,
  reporterKind: true,
  receivedAt: true,
}).extend({
  id: z.string().uuid(),
  hidden: z.boolean(),
  status: z.enum(['open', 'decided']),
  /** whole hours since it was received */
  ageHours: z.number().int(),
  /** open past 7 days (the card networks' limit for resolving a complaint) */
  overdue: z.boolean(),
  action: z.enum(moderationActions).nullable(),
});
export type ReportView = z.infer<typeof ReportView>;

export const ReportsQuery = z.object({ status: z.enum(['open', 'decided']).default('open') });

export const DecisionBody = z.object({
  action: z.enum(moderationActions),
  ground: z.enum(moderationGrounds),
  groundDetail: text(500, MODERATION_MESSAGES.groundDetail),
  statement: text(5000, MODERATION_MESSAGES.statement),
});
export type DecisionInput = z.input<typeof DecisionBody>;

/** A statement of reasons as the person affected (and admins) read it. */
export const ModerationNoticeView = z.object({
  id: z.string().uuid(),
  targetKind: z.string(),
  targetId: z.string(),
  action: z.string(),
  ground: z.enum(moderationGrounds),
  groundDetail: z.string(),
  statement: z.string(),
  automated: z.boolean(),
  redress: z.string(),
  issuedAt: z.string(),
  appeal: z
    .object({
      id: z.string().uuid(),
      status: z.enum(['open', 'upheld', 'reversed']),
      statement: z.string().nullable(),
    })
    .nullable(),
});
export type ModerationNoticeView = z.infer<typeof ModerationNoticeView>;

export const AppealBody = z.object({
  statementId: z.string().uuid(),
  text: text(5000, MODERATION_MESSAGES.appealText),
});
export const AppealReceipt = z.object({ id: z.string().uuid(), filedAt: z.string() });

export const AppealDecisionBody = z.object({
  outcome: z.enum(appealOutcomes),
  statement: text(5000, MODERATION_MESSAGES.statement),
});

/** An admin's end of a show from the live monitoring: the statement of reasons to the performer. */
export const EndShowBody = DecisionBody.omit({ action: true });
export type EndShowInput = z.input<typeof EndShowBody>;

/** An appeal as admins list it: the statement appealed, the appeal and, once decided, its outcome. */
export const AppealView = z.object({
  id: z.string().uuid(),
  statementId: z.string().uuid(),
  subjectKind: z.enum(['performer', 'user']),
  subjectId: z.string(),
  /** the decision appealed: its action and its statement of reasons */
  action: z.string(),
  decisionStatement: z.string(),
  /** the admin who decided it (another admin decides the appeal) */
  decidedBy: z.string(),
  text: z.string(),
  filedAt: z.string(),
  status: z.enum(['open', 'upheld', 'reversed']),
  /** the appeal's decision, once taken */
  statement: z.string().nullable(),
  appealDecidedBy: z.string().nullable(),
  appealDecidedAt: z.string().nullable(),
});
export type AppealView = z.infer<typeof AppealView>;

export const AppealsQuery = z.object({ status: z.enum(['open', 'decided']).default('open') });

export const ReviewItemView = z.object({
  id: z.string().uuid(),
  /** a photo for sale, or her new profile portrait */
  kind: z.enum(['photo', 'portrait']),
  performerId: z.string().uuid(),
  imageUrl: z.string(),
  title: z.string(),
  submittedAt: z.string(),
  /** a photo's co-performers she declared (issue 39 item 7): check them against the people in it */
  coPerformers: z.array(z.object({ coPerformerId: z.string().uuid(), name: z.string() })).optional(),
});
export type ReviewItemView = z.infer<typeof ReviewItemView>;

export const ReviewBody = z
  .object({
    decision: z.enum(['approve', 'reject']),
    statement: z.string().trim().max(5000).optional(),
  })
  .refine((body) => body.decision === 'approve' || (body.statement ?? '').length > 0, {
    message: MODERATION_MESSAGES.statement,
    path: ['statement'],
  });

export const moderationRoutes = {
  fileReport: {
    ...apiPaths.fileReport,
    summary: 'Report content (DSA Art. 16): a profile, a photo, a show, a room line or a chat message',
    tag: 'moderation',
    refusals: moduleRefusals.moderation,
    body: ReportBody,
    response: ReportReceipt,
    status: 201,
  },
  listReports: {
    ...apiPaths.listReports,
    summary: 'Reports, oldest first, with their age and whether they are overdue (admin)',
    tag: 'moderation',
    refusals: [],
    query: ReportsQuery,
    response: z.array(ReportView),
  },
  decideReport: {
    ...apiPaths.decideReport,
    summary: 'Decide a report: apply the action and issue a statement of reasons (admin, DSA Art. 17)',
    tag: 'moderation',
    refusals: moduleRefusals.moderation,
    params: IdParam,
    body: DecisionBody,
    response: z.object({ statementId: z.string().uuid() }),
    secondFactor: 'fresh',
  },
  performerModerationNotices: {
    ...apiPaths.performerModerationNotices,
    summary: "The statements of reasons about a performer's content and account ('Comunicazioni')",
    tag: 'moderation',
    refusals: [],
    params: IdParam,
    response: z.array(ModerationNoticeView),
  },
  myModerationNotices: {
    ...apiPaths.myModerationNotices,
    summary: "The statements of reasons about the signed-in user's content and account",
    tag: 'moderation',
    refusals: [],
    response: z.array(ModerationNoticeView),
  },
  fileAppeal: {
    ...apiPaths.fileAppeal,
    summary: 'Appeal a statement of reasons (only the person affected, once)',
    tag: 'moderation',
    refusals: moduleRefusals.moderation,
    body: AppealBody,
    response: AppealReceipt,
    status: 201,
  },
  decideAppeal: {
    ...apiPaths.decideAppeal,
    summary: 'Decide an appeal (admin other than the one who decided)',
    tag: 'moderation',
    refusals: moduleRefusals.moderation,
    params: IdParam,
    body: AppealDecisionBody,
    response: z.object({ ok: z.literal(true) }),
    secondFactor: 'fresh',
  },
  listAppeals: {
    ...apiPaths.listAppeals,
    summary: 'Appeals, oldest first, with the decision appealed and their own decision (admin)',
    tag: 'moderation',
    refusals: [],
    query: AppealsQuery,
    response: z.array(AppealView),
  },
  adminEndShow: {
    ...apiPaths.adminEndShow,
    summary: 'End a running show from the live monitoring, with a statement of reasons to her (admin, DSA Art. 17)',
    tag: 'moderation',
    refusals: [...moduleRefusals.moderation, 'show_ended'],
    params: IdParam,
    body: EndShowBody,
    response: z.object({ statementId: z.string().uuid() }),
    secondFactor: 'fresh',
  },
  listReviews: {
    ...apiPaths.listReviews,
    summary: 'New content waiting for review before it is shown (admin)',
    tag: 'moderation',
    refusals: [],
    response: z.array(ReviewItemView),
  },
  decideReview: {
    ...apiPaths.decideReview,
    summary: 'Approve or reject content in review; a rejection needs a statement (admin)',
    tag: 'moderation',
    refusals: moduleRefusals.moderation,
    params: IdParam,
    body: ReviewBody,
    secondFactor: 'fresh',
    response: z.object({ ok: z.literal(true) }),
  },
} as const satisfies Record<string, RouteContract>;
