import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { PayoutMethod, WeekAmount, payoutCarryReasons } from '../events/payouts';
import {
  CARD_REFERENCE_MESSAGES,
  CARD_REFERENCE_PATTERN,
  IBAN_MESSAGES,
  isValidIban,
  normalizeIban,
} from '../rules/iban';
import { isWeekStart } from '../rules/payout-week';
import { SepaFileSummary } from './sepa';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';
import { maxCharacters } from '../forms/common';

/** the account holder's name: at most this many characters (the server and the payout details form) */
export const PAYOUT_HOLDER_MAX = 120;
/** the payout details form's word for a refused method (neither IBAN nor card) */
export const PAYOUT_METHOD_MESSAGE = 'Scegli come ricevere i pagamenti';
export const PAYOUT_HOLDER_MESSAGES = {
  required: "Inserisci il nome dell'intestatario",
  tooLong: maxCharacters(PAYOUT_HOLDER_MAX),
} as const;

const holderName = z
  .string({ error: PAYOUT_HOLDER_MESSAGES.required })
  .trim()
  .min(1, PAYOUT_HOLDER_MESSAGES.required)
  .max(PAYOUT_HOLDER_MAX, PAYOUT_HOLDER_MESSAGES.tooLong);

/** Where she is paid: the holder and an IBAN (ISO 13616 checksum) or a card payout reference. */
export const PayoutDetailsBody = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('iban'),
    holderName,
    iban: z
      .string({ error: IBAN_MESSAGES.required })
      .trim()
      .min(1, IBAN_MESSAGES.required)
      .max(64, IBAN_MESSAGES.invalid)
      .refine(isValidIban, { message: IBAN_MESSAGES.invalid })
      .transform(normalizeIban),
  }),
  z.object({
    method: z.literal('card'),
    holderName,
    cardReference: z
      .string({ error: CARD_REFERENCE_MESSAGES.required })
      .trim()
      .min(1, CARD_REFERENCE_MESSAGES.required)
      .regex(CARD_REFERENCE_PATTERN, CARD_REFERENCE_MESSAGES.invalid),
  }),
]);
export type PayoutDetailsBody = z.infer<typeof PayoutDetailsBody>;
export type PayoutDetailsInput = z.input<typeof PayoutDetailsBody>;

/** Payout details as shown: never the full IBAN or reference. */
export const PayoutDetailsEntry = z.object({
  holderName: z.string(),
  method: PayoutMethod,
  masked: z.string(),
  changedAt: z.string(),
  effectiveFrom: z.string(),
});
export type PayoutDetailsEntry = z.infer<typeof PayoutDetailsEntry>;

export const PayoutDetailsView = z.object({
  /** what pays the next payout (null: none yet, the run skips her until there is) */
  current: PayoutDetailsEntry.nullable(),
  /** saved, effective from the next payout week */
  upcoming: PayoutDetailsEntry.nullable(),
  /** every change, newest first (her audit trail: when, what kind, masked) */
  history: z.array(PayoutDetailsEntry),
});
export type PayoutDetailsView = z.infer<typeof PayoutDetailsView>;

export const payoutStatuses = ['scheduled', 'paid', 'failed'] as const;
export const PayoutStatus = z.enum(payoutStatuses);
export type PayoutStatus = z.infer<typeof PayoutStatus>;

export const PayoutView = z.object({
  id: z.string().uuid(),
  performerId: z.string().uuid(),
  /** the period it closes: earnings accrued at or before this instant */
  periodEnd: z.string(),
  amountCents: z.number().int(),
  status: PayoutStatus,
  attempt: z.number().int(),
  method: PayoutMethod,
  holderName: z.string(),
  destination: z.string(),
  runId: z.string().uuid(),
  weeks: z.array(WeekAmount),
  scheduledAt: z.string(),
  paidAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
  providerReference: z.string().nullable(),
  /** paid by the sandbox ledger: no real money moved */
  testMode: z.boolean(),
});
export type PayoutView = z.infer<typeof PayoutView>;

export const PayoutSummary = z.object({
  performerId: z.string().uuid(),
  earnedCents: z.number().int(),
  paidCents: z.number().int(),
  /** taken by a payout that is being transferred */
  scheduledCents: z.number().int(),
  /** earned and not paid yet, reserve included */
  unpaidCents: z.number().int(),
  /** the part of the unpaid still inside the refund and chargeback window */
  reserveCents: z.number().int(),
  reserveDays: z.number().int(),
  minimumCents: z.number().int(),
  nextPayoutDate: z.string(),
  nextPeriodEnd: z.string(),
  /** what the next run would pay; below the minimum it carries over */
  expectedAmountCents: z.number().int(),
  expectedCarriesOver: z.boolean(),
  /** payout details that pay the next payout exist */
  hasDetails: z.boolean(),
  testMode: z.boolean(),
});
export type PayoutSummary = z.infer<typeof PayoutSummary>;

export const earningSources = ['session', 'message', 'photo', 'tip', 'ticket'] as const;
/** `purchasedUnits`: of the gross, what buyers paid with purchased auracoin, the part her share is earned on; the rest was promotional (welcome coins) */
export const SourceTotals = z.object({
  count: z.number().int(),
  grossUnits: z.number().int(),
  purchasedUnits: z.number().int(),
  shareCents: z.number().int(),
});
export type SourceTotals = z.infer<typeof SourceTotals>;

export const statementStatuses = ['open', 'pending', 'carried_over', 'scheduled', 'partially_paid', 'paid'] as const;
export const StatementStatus = z.enum(statementStatuses);
export type StatementStatus = z.infer<typeof StatementStatus>;

/** One week's statement: her earnings by source, her share, and what became of it. */
export const StatementView = z.object({
  performerId: z.string().uuid(),
  weekStart: z.string(),
  periodEnd: z.string(),
  /** the Tuesday the week is paid */
  payoutDate: z.string(),
  sources: z.object({
    session: SourceTotals,
    message: SourceTotals,
    photo: SourceTotals,
    tip: SourceTotals,
    ticket: SourceTotals,
  }),
  /** what buyers paid, auracoin minor units (1 auracoin = 1 € on her side) */
  grossUnits: z.number().int(),
  /** of it, paid with purchased auracoin: her share is earned on this part only */
  purchasedUnits: z.number().int(),
  /** of it, paid with promotional auracoin (welcome coins): earns no share */
  promotionalUnits: z.number().int(),
  sharePercent: z.number(),
  shareCents: z.number().int(),
  /** of her share, taken back by refunds and lost disputes (docs/architecture.md#refunds) */
  clawedBackCents: z.number().int(),
  /** of her share, held by open card disputes */
  heldCents: z.number().int(),
  paidCents: z.number().int(),
  scheduledCents: z.number().int(),
  unpaidCents: z.number().int(),
  /** the unpaid part a run carried over to the next week, and why */
  carriedOverCents: z.number().int(),
  carryReason: z.enum(payoutCarryReasons).nullable(),
  status: StatementStatus,
  payoutIds: z.array(z.string()),
});
export type StatementView = z.infer<typeof StatementView>;

export const statementLineKinds = ['sale', 'refund', 'dispute_hold', 'dispute_release', 'dispute_lost'] as const;
export type StatementLineKind = (typeof statementLineKinds)[number];
/** A sale's credit, or (signed, negative when taken) a refund's clawback, a dispute's hold, its release or its loss, with the reason */
export const StatementLine = z.object({
  creditedAt: z.string(),
  source: z.enum(earningSources),
  grossUnits: z.number().int(),
  purchasedUnits: z.number().int(),
  shareCents: z.number().int(),
  kind: z.enum(statementLineKinds).optional(),
  reason: z.string().optional(),
});
export type StatementLine = z.infer<typeof StatementLine>;
export const StatementDetail = StatementView.extend({
  performerName: z.string(),
  lines: z.array(StatementLine),
  payouts: z.array(PayoutView),
});
export type StatementDetail = z.infer<typeof StatementDetail>;

export const StatementParams = z.object({
  id: z.string().uuid(),
  weekStart: z.string().refine(isWeekStart, { message: 'Data di inizio settimana non valida (un lunedì, AAAA-MM-GG)' }),
});

export const RunPayoutsBody = z
  .object({
    /** ISO time; default the end of the last closed week (Sunday 23:59:59.999 Europe/Rome) */
    periodEnd: z.string().datetime({ offset: true, message: 'Data non valida: usa il formato ISO 8601' }).optional(),
  })
  .strict();
export type RunPayoutsBody = z.infer<typeof RunPayoutsBody>;

export const RunAccepted = z.object({ runId: z.string().uuid(), periodEnd: z.string(), status: z.literal('queued') });
export type RunAccepted = z.infer<typeof RunAccepted>;

export const PayoutRunView = z.object({
  id: z.string().uuid(),
  trigger: z.enum(['schedule', 'admin']),
  adminId: z.string().nullable(),
  periodEnd: z.string(),
  /** the payout week the period end falls in */
  weekStart: z.string(),
  requestedAt: z.string(),
  completedAt: z.string().nullable(),
  status: z.enum(['running', 'completed']),
  minimumCents: z.number().int(),
  reserveDays: z.number().int(),
  performers: z.number().int(),
  scheduledCount: z.number().int(),
  paidCount: z.number().int(),
  failedCount: z.number().int(),
  carriedOverCount: z.number().int(),
  paidCents: z.number().int(),
  scheduledCents: z.number().int(),
  failedCents: z.number().int(),
  carriedOverCents: z.number().int(),
});
export type PayoutRunView = z.infer<typeof PayoutRunView>;

export const AdminPayoutRow = PayoutView.extend({ performerName: z.string() });
export type AdminPayoutRow = z.infer<typeof AdminPayoutRow>;
export const CarryOverRow = z.object({
  performerId: z.string().uuid(),
  performerName: z.string(),
  amountCents: z.number().int(),
  reason: z.enum(payoutCarryReasons),
});
export type CarryOverRow = z.infer<typeof CarryOverRow>;

export const PayoutRunDetail = PayoutRunView.extend({
  payouts: z.array(AdminPayoutRow),
  carriedOver: z.array(CarryOverRow),
  /** PAYOUT_PROVIDER=sepa: the run's pain.001 file, null while (or when) there is none */
  sepa: SepaFileSummary.nullable().optional(),
});
export type PayoutRunDetail = z.infer<typeof PayoutRunDetail>;

export const PayoutRunList = z.object({
  runs: z.array(PayoutRunView),
  /** the provider is the sandbox ledger: TEST MODE, no real money moves */
  testMode: z.boolean(),
  provider: z.string(),
});
export type PayoutRunList = z.infer<typeof PayoutRunList>;

export const payoutsRoutes = {
  performerPayouts: {
    ...apiPaths.performerPayouts,
    summary: 'Her payout history, newest first (herself or admins)',
    tag: 'payouts',
    refusals: ['sepa_no_file', 'sepa_not_configured'],
    params: IdParam,
    response: z.array(PayoutView),
  },
  performerPayoutSummary: {
    ...apiPaths.performerPayoutSummary,
    summary: 'Unpaid balance, reserve, next payout date and expected amount',
    tag: 'payouts',
    refusals: ['sepa_no_file', 'sepa_not_configured'],
    params: IdParam,
    response: PayoutSummary,
  },
  performerStatements: {
    ...apiPaths.performerStatements,
    summary: 'Her weekly statements, newest first',
    tag: 'payouts',
    refusals: ['sepa_no_file', 'sepa_not_configured'],
    params: IdParam,
    response: z.array(StatementView),
  },
  performerStatement: {
    ...apiPaths.performerStatement,
    summary: "One week's statement with every earning",
    tag: 'payouts',
    refusals: ['sepa_no_file', 'sepa_not_configured'],
    params: StatementParams,
    response: StatementDetail,
  },
  payoutDetails: {
    ...apiPaths.payoutDetails,
    summary: 'Where she is paid (masked) and when it changed',
    tag: 'payouts',
    refusals: ['sepa_no_file', 'sepa_not_configured'],
    params: IdParam,
    response: PayoutDetailsView,
  },
  setPayoutDetails: {
    ...apiPaths.setPayoutDetails,
    summary: 'Set where she is paid (herself only); effective from the next payout week',
    tag: 'payouts',
    refusals: moduleRefusals.payouts,
    params: IdParam,
    body: PayoutDetailsBody,
    response: PayoutDetailsView,
    secondFactor: 'fresh',
  },
  runPayouts: {
    ...apiPaths.runPayouts,
    summary: 'Run payouts now for a period (default: the last closed week)',
    tag: 'payouts',
    refusals: moduleRefusals.payouts,
    body: RunPayoutsBody,
    response: RunAccepted,
    status: 202,
    secondFactor: 'fresh',
  },
  payoutRuns: {
    ...apiPaths.payoutRuns,
    summary: 'Payout runs, newest first',
    tag: 'payouts',
    refusals: ['sepa_no_file', 'sepa_not_configured'],
    response: PayoutRunList,
  },
  payoutRun: {
    ...apiPaths.payoutRun,
    summary: 'One run: its payouts and carry-overs',
    tag: 'payouts',
    refusals: ['sepa_no_file', 'sepa_not_configured'],
    params: IdParam,
    response: PayoutRunDetail,
  },
  retryPayout: {
    ...apiPaths.retryPayout,
    summary: 'Retry a failed payout',
    tag: 'payouts',
    refusals: moduleRefusals.payouts,
    params: IdParam,
    response: PayoutView,
    status: 202,
    secondFactor: 'fresh',
  },
} as const satisfies Record<string, RouteContract>;
