/**
 * Private-session billing, the one rule both tiers use: the server bills with it and the session
 * page shows the running cost with it, so the cost shown is the cost billed.
 *
 * - A session is billed by the started minute at the rate fixed when it was requested: minute 1
 *   starts at acceptance, minute k at startedAt + (k − 1) × minute.
 * - Cost = started minutes × rate; 0 at zero elapsed time (docs/product.md#constants).
 * - Starting needs (and holds) the minimum: rate × 5 minutes.
 * - The performer's share is taken on the session's running total, so rounding happens once per
 *   session, not once per minute (`performerShareOfPartCents` in share.ts).
 */

export const SESSION_MINIMUM_MINUTES = 5;

/** Minutes started after `elapsedMs` of a session: 0 at zero (or before the start), then rounded up. */
export function startedMinutes(elapsedMs: number, minuteMs: number): number {
  if (!(elapsedMs > 0) || !(minuteMs > 0)) return 0;
  return Math.ceil(elapsedMs / minuteMs);
}

/** What `minutes` started minutes cost at `rateUnits` per minute (minor units). */
export function sessionCostUnits(minutes: number, rateUnits: number): number {
  return Math.max(0, Math.trunc(minutes)) * rateUnits;
}

/** The minimum a session needs available and holds on the wallet: rate × 5 minutes (minor units). */
export function minimumHoldUnits(rateUnits: number): number {
  return sessionCostUnits(SESSION_MINIMUM_MINUTES, rateUnits);
}

/**
 * The whole minutes of private a balance pays for at `rateUnits` per minute (minor units both): 0
 * when it does not cover the minimum a start holds (rate × 5 minutes), as no session could start.
 */
export function affordableMinutes(balanceUnits: number, rateUnits: number): number {
  if (!(rateUnits > 0) || balanceUnits < minimumHoldUnits(rateUnits)) return 0;
  return Math.floor(balanceUnits / rateUnits);
}

/** When minute `minute` (1-based) of a session started at `startedAtMs` begins. */
export function minuteStartsAt(startedAtMs: number, minute: number, minuteMs: number): number {
  return startedAtMs + (minute - 1) * minuteMs;
}

/** The running cost of a session at `nowMs` (minor units): what the session page shows. */
export function runningCostUnits(startedAtMs: number, nowMs: number, minuteMs: number, rateUnits: number): number {
  return sessionCostUnits(startedMinutes(nowMs - startedAtMs, minuteMs), rateUnits);
}

/** mm:ss of an elapsed time (minutes keep counting past 59). */
export function formatElapsed(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** What a session costs if the user ends it now (docs/product.md#session-minimum): the minimum applies below it. */
export interface EndNowCharge {
  /** minutes paid for: the started ones, or the minimum */
  minutes: number;
  /** fewer minutes than the minimum have started: ending now pays the minimum */
  minimumApplies: boolean;
  costUnits: number;
}

/** Ending a running session after `minutesStarted` started minutes at `rateUnits`: the user pays at least the minimum. */
export function chargeIfEndedNow(
  minutesStarted: number,
  rateUnits: number,
  minimumMinutes: number = SESSION_MINIMUM_MINUTES,
): EndNowCharge {
  const started = Math.max(0, Math.trunc(minutesStarted));
  const minutes = Math.max(started, minimumMinutes);
  return { minutes, minimumApplies: started < minimumMinutes, costUnits: sessionCostUnits(minutes, rateUnits) };
}
