import type { CommandSide, ModulePorts } from '../../kernel/module';
import { payoutProviderFrom } from '../../platform/payouts/config';
import { settledOn } from '../../kernel/projections/wait';
import {
  PAYOUT_ACCOUNTS,
  PAYOUT_DETAILS,
  PAYOUT_RUNS,
  PAYOUT_STATEMENTS,
  PAYOUTS,
} from '../../projections/payouts/projection';
import { createPayoutQueries } from '../../projections/payouts/queries';
import { payoutReadModelsAudit } from './audit';
import { seedDemoPayoutDetails } from './demo';
import { payoutsRouter } from './routes';
import { createPayoutService } from './service';

export interface PayoutsDeps {
  performers: {
    exists(performerId: string): Promise<boolean>;
    demoPortraits(): { performerId: string; username: string }[];
  };
}

/** The service running payouts on this process's payout provider (the embedded one is a TEST MODE sandbox ledger). */
export const payoutService = (ports: ModulePorts) => createPayoutService(ports, payoutProviderFrom(ports));

/**
 * Weekly payouts of the performers' 55%: her payout details, admin runs and retries, through the
 * payout-provider port. The weekly run itself is the worker's; statements and history the read side's.
 */
export function payoutsCommands(ports: ModulePorts, deps: PayoutsDeps) {
  const service = payoutService(ports);
  const queries = createPayoutQueries(ports.readModels, service.settings, service.provider.testMode);
  const settled = settledOn(ports.readModels, PAYOUT_ACCOUNTS, PAYOUTS, PAYOUT_STATEMENTS, PAYOUT_RUNS, PAYOUT_DETAILS);
  return {
    name: 'payouts',
    routers: [payoutsRouter({ ports, service, queries, performerExists: deps.performers.exists, settled })],
    /** its read models show what the ledger's replay of the earnings streams gives (the money: the ledger's audit) */
    audit: payoutReadModelsAudit(ports.readModels),
    queries: { service, read: queries },
    /** the demo performers' sandbox payout details (after the performers' own seed) */
    seedDemo: () => seedDemoPayoutDetails(ports.eventStore, ports.clock.now, deps.performers.demoPortraits()),
  } satisfies CommandSide & Record<string, unknown>;
}
