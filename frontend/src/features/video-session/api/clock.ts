import {
  auracoinToUnits,
  centsToEuro,
  formatElapsed,
  performerShareCents,
  performerShareOfPartCents,
  runningCostUnits,
  unitsToAuracoin,
  type SessionView,
} from '@aura/contracts';

export interface SessionClock {
  /** mm:ss since the server's startedAt (frozen at endedAt) */
  elapsed: string;
  /** auracoin: started minutes × the rate, never below what the server has billed */
  cost: number;
  /**
   * euro: her share as the server credited it on the billed minutes (55% of their purchased part:
   * welcome coins earn nothing), plus 55% of a started minute not billed yet
   */
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
  const billedUnits = auracoinToUnits(view.costAuracoin);
  const costUnits = Math.max(running, billedUnits);
  const earnings =
    view.performerEarnings === null
      ? centsToEuro(performerShareCents(costUnits))
      : centsToEuro(
          Math.round(view.performerEarnings * 100) + performerShareOfPartCents(billedUnits, costUnits - billedUnits),
        );
  return { elapsed: formatElapsed(untilMs - startedAtMs), cost: unitsToAuracoin(costUnits), earnings };
}
