/**
 * The payout rules both tiers use: the minimum, the reserve, and what the next payout will be.
 * Weeks and payout days are `payout-week.ts`'s.
 */
import { nextPayout, type PayoutWeek } from './payout-week';

const DAY_MS = 86_400_000;

/** PAYOUT_MINIMUM_EUR in cents (50 € → 5000). */
export function payoutMinimumCents(minimumEur: number): number {
  return Math.round(minimumEur * 100);
}

/** A run's minimum and reserve, from the operator's PAYOUT_MINIMUM_EUR and PAYOUT_RESERVE_DAYS. */
export function payoutSettings(config: { PAYOUT_MINIMUM_EUR: number; PAYOUT_RESERVE_DAYS: number }) {
  return { minimumCents: payoutMinimumCents(config.PAYOUT_MINIMUM_EUR), reserveDays: config.PAYOUT_RESERVE_DAYS };
}

/**
 * The newest earning a run may pay: accrued at or before the period end AND older than the reserve
 * (PAYOUT_RESERVE_DAYS × 24 h before the run; 0 turns the reserve off).
 */
export function payableCutoff(periodEnd: Date, runAt: Date, reserveDays: number): Date {
  return new Date(Math.min(periodEnd.getTime(), runAt.getTime() - reserveDays * DAY_MS));
}

/** Is an earning credited at `creditedAt` still held in reserve at `now`? */
export function inReserve(creditedAt: Date, now: Date, reserveDays: number): boolean {
  return reserveDays > 0 && creditedAt.getTime() > now.getTime() - reserveDays * DAY_MS;
}

export interface UnpaidEarning {
  /** ms since epoch */
  at: number;
  cents: number;
}

export interface ExpectedPayout {
  week: PayoutWeek;
  payoutDay: Date;
  /** what that run would pay: unpaid earnings of that week and before, past the reserve by then */
  amountCents: number;
  /** below the minimum, the amount carries over to the week after */
  carriesOver: boolean;
}

/** The next payout day and its expected amount for unpaid earnings at `now`. */
export function expectedNextPayout(
  unpaid: readonly UnpaidEarning[],
  now: Date,
  settings: { reserveDays: number; minimumCents: number },
): ExpectedPayout {
  const { week, payoutDay } = nextPayout(now);
  const cutoff = payableCutoff(week.end, payoutDay, settings.reserveDays).getTime();
  // a clawback or a held share (negative) is deducted at once; a payout never goes below zero
  const amountCents = Math.max(
    0,
    unpaid
      .filter((earning) => earning.at <= cutoff || earning.cents < 0)
      .reduce((sum, earning) => sum + earning.cents, 0),
  );
  return { week, payoutDay, amountCents, carriesOver: amountCents < settings.minimumCents };
}
