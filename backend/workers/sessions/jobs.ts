import type { CancelTimer, Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logging/logger';
import { billingLateness } from '../../platform/metrics/metrics';
import { jobProcessor } from '../../kernel/module';
import { SESSION_TICK_JOB, type scheduleSessionTick, type SessionTickJob } from '../../commands/sessions/clock';
import type { SessionClock, SessionCommands } from '../../commands/sessions/commands';
import type { SessionQueries } from '../../projections/sessions/queries';

/** The session's clock: every scheduled moment of a session (a minute, an expiry, a grace period) runs its tick. */
export const sessionTickJob = (commands: SessionCommands) =>
  jobProcessor<SessionTickJob>(SESSION_TICK_JOB, async ({ sessionId, walletId, dueAt }) => {
    // how late each minute is billed after it began: the queue's delay, its backlog, a worker down
    // (minutes a sweep catches up in one tick are each as late as they waited)
    for (const { lateMs } of await commands.tick(sessionId, walletId, dueAt)) billingLateness.observe(lateMs / 1000);
  });

/** How often the sweep looks for sessions whose moment passed without a tick (lost jobs): a fraction of the shortest clock. */
export function sweepEveryMs(clock: SessionClock): number {
  return Math.min(
    10_000,
    Math.max(
      200,
      Math.floor(Math.min(clock.billingMinuteMs, clock.graceMs || Infinity, clock.requestTimeoutMs || Infinity) / 4),
    ),
  );
}

/**
 * The worker's safety net, run at start (recovery: the embedded runner's delayed jobs died with the
 * process; Redis may have restarted empty) and then every `sweepEveryMs`: every session the read
 * model says is overdue gets a tick. Ticks are idempotent, so a session ticked twice bills nothing twice.
 */
export function sessionSweeper(deps: {
  queries: SessionQueries;
  commands: SessionCommands;
  schedule: ReturnType<typeof scheduleSessionTick>;
  clock: SessionClock;
  /** business time: the sweep runs every `sweepEveryMs` of it */
  time: Clock;
  logger: Logger;
}) {
  let cancel: CancelTimer | undefined;
  let running: Promise<void> | undefined;
  const every = sweepEveryMs(deps.clock);
  const slack = Math.min(5_000, Math.max(every, Math.floor(deps.clock.billingMinuteMs / 4)));
  /** session id → when this sweeper last scheduled its tick */
  const swept = new Map<string, number>();

  async function sweep(): Promise<void> {
    const nowMs = deps.time.nowMs();
    const due = await deps.queries.needingATick(
      nowMs,
      slack,
      2 * deps.clock.requestTimeoutMs + slack,
      deps.clock.graceMs,
    );
    const bucket = Math.floor(nowMs / every);
    for (const [sessionId, at] of swept) if (at < nowMs - slack) swept.delete(sessionId);
    for (const session of due) {
      // a tick this sweeper asked for lately may still be queued behind others: no second one yet
      if (swept.has(session._id)) continue;
      swept.set(session._id, nowMs);
      await deps.schedule(
        session._id,
        nowMs,
        `sweep:${bucket}`,
        session.status === 'held' ? session.userId : undefined,
      );
    }
  }

  const runOnce = () => {
    running ??= sweep()
      .catch((error: unknown) =>
        deps.logger.warn('session sweep failed', { error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    async start() {
      await runOnce();
      cancel ??= deps.time.every(every, () => void runOnce());
    },
    async stop() {
      cancel?.();
      cancel = undefined;
      await running;
    },
  };
}
