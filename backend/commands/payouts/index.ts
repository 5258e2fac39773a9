import type { CommandSide, ModulePorts } from '../../platform/module';
import { createSandboxPayoutProvider } from '../../platform/payouts/sandbox';
import { settledOn } from '../../platform/projections/wait';
import { PAYOUT_ACCOUNTS, PAYOUT_DETAILS, PAYOUT_RUNS, PAYOUT_STATEMENTS, PAYOUTS } from '../../projections/payouts/projection';
import { createPayoutQueries } from '../../projections/payouts/queries';
import { auditPayouts } from './audit';
import { payoutsRouter } from './routes';
import { createPayoutService } from './service';

export interface PayoutsDeps {
  performers: { exists(performerId: string): Promise<boolean>; nameOf(performerId: string): Promise<string | null> };
}

/** The payout provider of this process (the embedded one is a TEST MODE sandbox ledger) and the service running payouts on it. */
export function payoutService(ports: ModulePorts) {
  const provider = createSandboxPayoutProvider({ eventStore: ports.eventStore, now: ports.now, latencyMs: ports.config.PAYOUT_SANDBOX_LATENCY_MS });
  return createPayoutService(ports, provider);
}

/**
 * Weekly payouts of the performers' 55%: payout details, admin runs and retries, statements and
 * payout history, all through the payout-provider port. The weekly run itself is the worker's.
 */
export function payoutsCommands(ports: ModulePorts, deps: PayoutsDeps) {
  const service = payoutService(ports);
  const queries = createPayoutQueries(ports.readModels, service.settings, service.provider.testMode);
  const settled = settledOn(ports.readModels, PAYOUT_ACCOUNTS, PAYOUTS, PAYOUT_STATEMENTS, PAYOUT_RUNS, PAYOUT_DETAILS);
  return {
    name: 'payouts',
    routers: [payoutsRouter({ ports, service, queries, performerExists: deps.performers.exists, nameOf: deps.performers.nameOf, settled })],
    /** every payout takes only unpaid earnings older than the reserve, at or above the minimum, each week once */
    audit: (events, options) => auditPayouts(events, { now: ports.now(), reserveDays: ports.config.PAYOUT_RESERVE_DAYS, stored: options.storedReadModels ? ports.readModels : undefined }),
    queries: { service, read: queries },
  } satisfies CommandSide & Record<string, unknown>;
}
