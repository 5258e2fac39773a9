import { z } from 'zod';

/**
 * Payouts live on the performer's earnings stream (`earnings-<performerId>`, beside the
 * PerformerEarningsCredited they pay), so that scheduling a payout and marking the earnings it
 * covers is one append with the stream's expected revision. Payout details and runs have their own.
 */
export const payoutStreams = {
  /** where a performer is paid (holder, IBAN or card payout reference) */
  details: (performerId: string) => `payout-details-${performerId}`,
  /** one payout run: who asked, for which period, and its end */
  run: (runId: string) => `payout-run-${runId}`,
} as const;

export const payoutMethods = ['iban', 'card'] as const;
export const PayoutMethod = z.enum(payoutMethods);
export type PayoutMethod = z.infer<typeof PayoutMethod>;

export const payoutCarryReasons = ['below_minimum', 'missing_details'] as const;

/** The part of a payout that pays one week's earnings (weeks start on Monday, Europe/Rome). */
/** a week's part of a payout; negative for a week whose clawbacks (a debt) the payout deducts */
export const WeekAmount = z.object({
  weekStart: z.string(),
  amountCents: z
    .number()
    .int()
    .refine((cents) => cents !== 0),
});
export type WeekAmount = z.infer<typeof WeekAmount>;

/** She set where she is paid; effective from the next payout week on. Admins never change it. */
export const PayoutDetailsChanged = z.object({
  performerId: z.string().uuid(),
  holderName: z.string(),
  method: PayoutMethod,
  /** electronic form, when method is 'iban' */
  iban: z.string().nullable(),
  /** the card network's payout token, when method is 'card' */
  cardReference: z.string().nullable(),
  /** what is shown: 'IT60 •••• 3456' or 'Carta •••• 9Q2e' */
  masked: z.string(),
  changedAt: z.string(),
  /** the start of the first payout week these details pay (the Monday after the change) */
  effectiveFrom: z.string(),
});

/** A run was asked for: by the weekly schedule or by an admin. Its settings are fixed here, so a repeated run decides the same. */
export const PayoutRunRequested = z.object({
  runId: z.string().uuid(),
  trigger: z.enum(['schedule', 'admin']),
  /** the admin who asked, null for the schedule */
  adminId: z.string().nullable(),
  /** pays earnings accrued at or before this instant */
  periodEnd: z.string(),
  requestedAt: z.string(),
  minimumCents: z.number().int().nonnegative(),
  reserveDays: z.number().int().nonnegative(),
  /** the newest earning this run may pay: min(periodEnd, requestedAt − reserve) */
  cutoff: z.string(),
});

export const PayoutRunCompleted = z.object({
  runId: z.string().uuid(),
  completedAt: z.string(),
  /** performers with unpaid earnings the run looked at */
  performers: z.number().int().nonnegative(),
});

const payoutFields = {
  payoutId: z.string().uuid(),
  performerId: z.string().uuid(),
  runId: z.string().uuid(),
  periodEnd: z.string(),
  amountCents: z.number().int().positive(),
  weeks: z.array(WeekAmount),
};

/** Her payable earnings of the period are taken for one payout: the credits it covers are marked by this same event. */
export const PayoutScheduled = z.object({
  ...payoutFields,
  /** the earnings it pays: ordinals of the PerformerEarningsCredited events of the stream (0 = the first) */
  credits: z.array(z.number().int().nonnegative()),
  method: PayoutMethod,
  holderName: z.string(),
  /** masked destination */
  destination: z.string(),
  scheduledAt: z.string(),
});

export const PayoutPaid = z.object({
  ...payoutFields,
  attempt: z.number().int().positive(),
  /** the provider's transfer id */
  providerReference: z.string(),
  paidAt: z.string(),
});

/** The provider refused the transfer: the money goes back to her unpaid balance. */
export const PayoutFailed = z.object({
  ...payoutFields,
  attempt: z.number().int().positive(),
  /** machine-readable: 'account_closed', 'bank_unavailable', 'missing_details' … */
  reason: z.string(),
  failedAt: z.string(),
});

/** An admin retries a failed payout: the same earnings are taken again for the same payout. */
export const PayoutRetried = z.object({
  ...payoutFields,
  attempt: z.number().int().positive(),
  adminId: z.string(),
  retriedAt: z.string(),
});

/** The run found payable earnings but did not pay them: below the minimum, or nowhere to pay. They wait for the next run. */
export const PayoutCarriedOver = z.object({
  performerId: z.string().uuid(),
  runId: z.string().uuid(),
  periodEnd: z.string(),
  amountCents: z.number().int().positive(),
  minimumCents: z.number().int().nonnegative(),
  reason: z.enum(payoutCarryReasons),
  weeks: z.array(WeekAmount),
  decidedAt: z.string(),
});

export const payoutsEvents = {
  PayoutDetailsChanged,
  PayoutRunRequested,
  PayoutRunCompleted,
  PayoutScheduled,
  PayoutPaid,
  PayoutFailed,
  PayoutRetried,
  PayoutCarriedOver,
} as const;
