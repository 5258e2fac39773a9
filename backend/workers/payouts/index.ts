import type { ModulePorts, WorkerSide } from '../../kernel/module';
import { payoutService } from '../../commands/payouts';
import { SETTLE_JOB, TICK_JOB, type PayoutLookups } from '../../commands/payouts/service';
import { payoutJobs, TICK_EVERY_MS, weeklyTick } from './jobs';

/** The weekly payout run (a repeatable job on Tuesdays for the closed weeks), its settlements and recovery. */
export function payoutsWorkers(ports: ModulePorts, deps: { payouts: { lookups: PayoutLookups } }) {
  const service = payoutService(ports, deps.payouts.lookups);
  return {
    name: 'payouts',
    jobs: payoutJobs(ports, service),
    async start() {
      await ports.jobs.repeat(TICK_JOB, {}, { scheduleId: 'payouts-weekly', everyMs: TICK_EVERY_MS });
      // a worker that died mid-run left payouts scheduled: settle them now rather than at the next tick
      await ports.jobs.enqueue(
        SETTLE_JOB,
        {},
        {
          jobId: `${SETTLE_JOB}:start:${ports.clock.now().getTime()}`,
          attempts: 3,
          backoff: { type: 'exponential', delayMs: 2_000 },
        },
      );
    },
    /** what the weekly schedule does at each tick (tests call it with their clock) */
    tick: () => weeklyTick(ports, service),
  } satisfies WorkerSide & Record<string, unknown>;
}
