import type { CommandSide, ModulePorts } from '../../kernel/module';
import { payoutProviderFrom } from '../../platform/payouts/config';
import { seedDemoPayoutDetails } from './demo';
import { payoutsRouter, type PayoutsRouterDeps } from './routes';
import { createPayoutService, type PayoutLookups } from './service';

export interface PayoutsDeps {
  performers: {
    exists(performerId: string): Promise<boolean>;
    demoPortraits(): { performerId: string; username: string }[];
  };
  /** what the payouts read side tells the routes (her details and a payout as read, its settled wait) and the service */
  payouts: PayoutsRouterDeps['queries'] & Pick<PayoutsRouterDeps, 'settled'> & { lookups: PayoutLookups };
}

/** The service running payouts on this process's payout provider (the embedded one is a TEST MODE sandbox ledger). */
export const payoutService = (ports: ModulePorts, lookups: PayoutLookups) =>
  createPayoutService(ports, payoutProviderFrom(ports), lookups);

/**
 * Weekly payouts of the performers' 55%: her payout details, admin runs and retries, through the
 * payout-provider port. The weekly run itself is the worker's; statements and history the read side's.
 */
export function payoutsCommands(ports: ModulePorts, deps: PayoutsDeps) {
  const { payouts } = deps;
  const service = payoutService(ports, payouts.lookups);
  return {
    name: 'payouts',
    routers: [
      payoutsRouter({
        ports,
        service,
        queries: payouts,
        performerExists: deps.performers.exists,
        settled: payouts.settled,
      }),
    ],
    queries: { service },
    /** the demo performers' sandbox payout details (after the performers' own seed) */
    seedDemo: () => seedDemoPayoutDetails(ports.eventStore, ports.clock.now, deps.performers.demoPortraits()),
  } satisfies CommandSide & Record<string, unknown>;
}
