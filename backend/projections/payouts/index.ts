import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import type { RecordedEvent } from '../../platform/recorded-event';
import { payoutProviderFrom } from '../../platform/payouts/config';
import {
  PAYOUT_ACCOUNTS,
  PAYOUT_DETAILS,
  PAYOUT_RUNS,
  PAYOUT_STATEMENTS,
  PAYOUTS,
  payoutsProjections,
} from './projection';
import { payoutSettings } from '@aura/contracts';
import { createPayoutLookups, createPayoutQueries } from './queries';
import { payoutsQueryRouter } from './query-routes';
import { payoutReadModelsAudit } from './audit';

export interface PayoutsReadDeps {
  performers: { exists(performerId: string): Promise<boolean>; nameOf(performerId: string): Promise<string | null> };
}

/** Payouts as read: her account, payouts, weekly statements, the runs; pushes to her and the admins. */
export function payoutsReadSide(ports: ModulePorts, deps: PayoutsReadDeps) {
  const provider = payoutProviderFrom(ports);
  const queries = createPayoutQueries(ports.readModels, () => payoutSettings(ports.config), provider.testMode);
  return {
    name: 'payouts',
    queries: {
      /** her payout details as read (the IBAN masked) */
      details: queries.details,
      /** a payout as read */
      payout: queries.payout,
      /** what the payout service reads: whom a run visits, a payout's performer, the stranded ones */
      lookups: createPayoutLookups(ports.readModels),
      /** waits until every payouts read model has applied `position` */
      settled: settledOn(ports.readModels, PAYOUT_ACCOUNTS, PAYOUTS, PAYOUT_STATEMENTS, PAYOUT_RUNS, PAYOUT_DETAILS),
    },
    projections: payoutsProjections,
    /** every account, payout, statement and run shown equals the ledger's replay of the earnings streams */
    audit: payoutReadModelsAudit(ports.readModels),
    routers: [
      payoutsQueryRouter({
        sessions: ports.sessions,
        now: ports.clock.now,
        queries,
        provider,
        performerExists: deps.performers.exists,
        nameOf: deps.performers.nameOf,
      }),
    ],
    /** her dashboard refetches her money; the admins' console its runs */
    async pushes(events: RecordedEvent[]) {
      const performers = new Set<string>();
      let runsChanged = false;
      for (const event of events) {
        switch (event.type) {
          case 'PerformerEarningsCredited':
          case 'PayoutScheduled':
          case 'PayoutPaid':
          case 'PayoutFailed':
          case 'PayoutRetried':
          case 'PayoutCarriedOver':
          case 'PayoutDetailsChanged':
            performers.add(event.data.performerId);
            runsChanged ||= event.type !== 'PerformerEarningsCredited' && event.type !== 'PayoutDetailsChanged';
            break;
          case 'PayoutRunRequested':
          case 'PayoutRunCompleted':
            runsChanged = true;
            break;
          default:
        }
      }
      for (const performerId of performers)
        ports.realtime.toPerformer(performerId, 'readmodel:changed', { model: 'payouts', id: performerId });
      if (runsChanged) ports.realtime.toAdmins('readmodel:changed', { model: 'payout-runs' });
    },
  } satisfies ReadSide & Record<string, unknown>;
}
