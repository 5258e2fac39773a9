import type { StoredEvent } from '../../platform/eventstore/port';
import type { AuraModule, ModulePorts } from '../../platform/module';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { auditPayouts } from './audit';
import { createSandboxPayoutProvider } from '../../platform/payouts/sandbox';
import { settledOn } from '../../platform/projections/wait';
import type { RecordedEvent } from '../../platform/recorded-event';
import { payoutJobs, TICK_EVERY_MS, weeklyTick } from './jobs';
import { PAYOUT_ACCOUNTS, PAYOUT_DETAILS, PAYOUT_RUNS, PAYOUT_STATEMENTS, PAYOUTS, payoutsProjections } from './projection';
import { createPayoutQueries } from './queries';
import { payoutsRouter } from './routes';
import { createPayoutService, SETTLE_JOB, TICK_JOB } from './service';

export interface PayoutsDeps {
  performers: { exists(performerId: string): Promise<boolean>; nameOf(performerId: string): Promise<string | null> };
}

/**
 * Weekly payouts of the performers' 55%: payout details, the weekly run (a repeatable job on
 * Tuesdays for the closed weeks), admin runs and retries, statements and payout history, all
 * through the payout-provider port (the embedded one is a TEST MODE sandbox ledger).
 */
export function payoutsModule(ports: ModulePorts, deps: PayoutsDeps) {
  const provider = createSandboxPayoutProvider({ eventStore: ports.eventStore, now: ports.now, latencyMs: ports.config.PAYOUT_SANDBOX_LATENCY_MS });
  const service = createPayoutService(ports, provider);
  const queries = createPayoutQueries(ports.readModels, service.settings, provider.testMode);
  const settled = settledOn(ports.readModels, PAYOUT_ACCOUNTS, PAYOUTS, PAYOUT_STATEMENTS, PAYOUT_RUNS, PAYOUT_DETAILS);
  return {
    name: 'payouts',
    projections: payoutsProjections,
    routers: [payoutsRouter({ ports, service, queries, performerExists: deps.performers.exists, nameOf: deps.performers.nameOf, settled })],
    jobs: payoutJobs(ports, service),
    async start() {
      await ports.jobs.repeat(TICK_JOB, {}, { scheduleId: 'payouts-weekly', everyMs: TICK_EVERY_MS });
      // a worker that died mid-run left payouts scheduled: settle them now rather than at the next tick
      await ports.jobs.enqueue(SETTLE_JOB, {}, { jobId: `${SETTLE_JOB}:start:${ports.now().getTime()}`, attempts: 3, backoff: { type: 'exponential', delayMs: 2_000 } });
    },
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
      for (const performerId of performers) ports.realtime.toPerformer(performerId, 'readmodel:changed', { model: 'payouts', id: performerId });
      if (runsChanged) ports.realtime.toAdmins('readmodel:changed', { model: 'payout-runs' });
    },
    queries: { service, read: queries },
    /** what the weekly schedule does at each tick (tests call it with their clock) */
    tick: () => weeklyTick(ports, service),
    /** `npm run ledger:audit`'s payouts part, at this process's clock and reserve */
    audit: (events: StoredEvent[], options: { stored?: ReadModelStore } = {}) => auditPayouts(events, { now: ports.now(), reserveDays: ports.config.PAYOUT_RESERVE_DAYS, stored: options.stored }),
  } satisfies AuraModule & Record<string, unknown>;
}
