import { duePayoutWeek } from '@aura/contracts';
import { deterministicId } from '../../platform/ids';
import { payoutRunDuration, payoutRuns } from '../../platform/metrics/metrics';
import { jobProcessor, type ModulePorts } from '../../kernel/module';
import { RUN_JOB, SETTLE_JOB, TICK_JOB, type PayoutService } from '../../commands/payouts/service';

/** How often the worker checks whether a week is due (its Tuesday has come) and nothing is stranded. */
export const TICK_EVERY_MS = 15 * 60_000;
/** A run not completed this long after it was asked for is queued again (its job died with a process). */
const STALE_RUN_MS = 10 * 60_000;

export const weeklyRunId = (periodEnd: Date) => deterministicId(`payout-run:weekly:${periodEnd.toISOString()}`);

/**
 * The weekly schedule: from the Tuesday after a week closes, its run is asked for once (the run id
 * is fixed by the week), if anyone has earnings to pay or carry over; a worker that was down on
 * Tuesday catches up at its next tick. Runs left unfinished are queued again, stranded payouts settled.
 */
export async function weeklyTick(ports: ModulePorts, service: PayoutService): Promise<void> {
  const now = ports.clock.now();
  const due = duePayoutWeek(now);
  const runId = weeklyRunId(due.end);
  const state = await service.runState(runId);
  if (state.request) {
    if (!state.completed && now.getTime() - Date.parse(state.request.requestedAt) > STALE_RUN_MS)
      await service.enqueueRun(runId, `resume-${now.getTime()}`);
  } else if (await service.hasEarningsUpTo(due.end)) {
    await service.requestRun({ periodEnd: due.end, trigger: 'schedule', adminId: null, runId });
  }
  await service.settleStranded();
}

export function payoutJobs(ports: ModulePorts, service: PayoutService) {
  return [
    jobProcessor<{ runId: string }>(RUN_JOB, async ({ runId }) => {
      const end = payoutRunDuration.startTimer();
      const failure = await service.executeRun(runId).then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      const outcome = failure ? 'failed' : 'completed';
      end({ outcome });
      payoutRuns.inc({ outcome });
      if (failure) throw failure.error;
    }),
    jobProcessor<{ performerId?: string }>(SETTLE_JOB, async ({ performerId }) => {
      if (performerId) await service.settlePerformer(performerId);
      else await service.settleStranded();
    }),
    jobProcessor<Record<string, never>>(TICK_JOB, () => weeklyTick(ports, service)),
  ];
}
