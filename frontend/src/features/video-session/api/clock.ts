import {
  auracoinToUnits,
  centsToEuro,
  formatElapsed,
  performerShareCents,
  runningCostUnits,
  unitsToAuracoin,
  type SessionView,
} from '@aura/contracts';

export interface SessionClock {
  /** mm:ss since the server's startedAt (frozen at endedAt) */
  elapsed: string;
  /** auracoin: started minutes × the rate, never below what the server has billed */
  cost: number;
  /** euro: her 55% of that cost, rounded once per session */
  earnings: number;
}

/**
 * What the session page and her panel show at `nowMs`, from the server's startedAt, rate and
 * billing minute through the billing rule the server bills with (contracts/rules/billing), so the
 * cost shown is the cost billed. A clock slightly behind the server's never shows less than what
 * was already billed; the final cost (the rest of the minimum when the user left early) comes
 * from the server.
 */
export function sessionClock(view: SessionView, nowMs: number): SessionClock {
  if (!view.startedAt) return { elapsed: formatElapsed(0), cost: 0, earnings: 0 };
  const startedAtMs = Date.parse(view.startedAt);
  const untilMs = view.endedAt ? Date.parse(view.endedAt) : nowMs;
  const rateUnits = auracoinToUnits(view.ratePerMinute);
  const running = view.endedAt ? 0 : runningCostUnits(startedAtMs, untilMs, view.billingMinuteMs, rateUnits);
  const costUnits = Math.max(running, auracoinToUnits(view.costAuracoin));
  return { elapsed: formatElapsed(untilMs - startedAtMs), cost: unitsToAuracoin(costUnits), earnings: centsToEuro(performerShareCents(costUnits)) };
}
