import type { JobQueue } from '../../platform/jobs/port';
import type { Logger } from '../../platform/logging/logger';
import { jobProcessor } from '../../platform/module';
import type { SessionClock, SessionCommands } from './commands';
import type { SessionQueries } from './queries';

export const SESSION_TICK_JOB = 'session.tick';

/** `dueAt`: the moment the tick was scheduled for (ms), absent in jobs queued before it was carried */
export type SessionTickJob = { sessionId: string; walletId?: string; dueAt?: number };

/** The session's clock: every scheduled moment of a session (a minute, an expiry, a grace period) runs its tick. */
export const sessionTickJob = (commands: SessionCommands) =>
  jobProcessor<SessionTickJob>(SESSION_TICK_JOB, async ({ sessionId, walletId, dueAt }) => {
    await commands.tick(sessionId, walletId, dueAt);
  });

/**
 * One delayed job per moment of a session, with an id naming the session and why it runs: the same
 * moment scheduled twice (the api and a sweep) runs once, and different moments never collide.
 */
export function scheduleSessionTick(jobs: JobQueue, now: () => Date) {
  return async (sessionId: string, atMs: number, reason: string, walletId?: string) => {
    await jobs.enqueue<SessionTickJob>(
      SESSION_TICK_JOB,
      walletId ? { sessionId, walletId, dueAt: atMs } : { sessionId, dueAt: atMs },
      { jobId: `session-tick:${sessionId}:${reason}`, delayMs: Math.max(0, atMs - now().getTime()), attempts: 5, backoff: { type: 'exponential', delayMs: 200 } },
    );
  };
}

/** How often the sweep looks for sessions whose moment passed without a tick (lost jobs): a fraction of the shortest clock. */
export function sweepEveryMs(clock: SessionClock): number {
  return Math.min(10_000, Math.max(200, Math.floor(Math.min(clock.billingMinuteMs, clock.graceMs || Infinity, clock.requestTimeoutMs || Infinity) / 4)));
}

/**
 * The worker's safety net, run at start (recovery: the embedded runner's delayed jobs died with the
 * process; Redis may have restarted empty) and then every `sweepEveryMs`: every session the read
 * model says is overdue gets a tick. Ticks are idempotent, so a session ticked twice bills nothing twice.
 */
export function sessionSweeper(deps: { queries: SessionQueries; commands: SessionCommands; schedule: ReturnType<typeof scheduleSessionTick>; clock: SessionClock; now: () => Date; logger: Logger }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const every = sweepEveryMs(deps.clock);
  const slack = Math.min(5_000, Math.max(every, Math.floor(deps.clock.billingMinuteMs / 4)));
  /** session id → when this sweeper last scheduled its tick */
  const swept = new Map<string, number>();

  async function sweep(): Promise<void> {
    const nowMs = deps.now().getTime();
    const due = await deps.queries.needingATick(nowMs, slack, 2 * deps.clock.requestTimeoutMs + slack, deps.clock.graceMs);
    const bucket = Math.floor(nowMs / every);
    for (const [sessionId, at] of swept) if (at < nowMs - slack) swept.delete(sessionId);
    for (const session of due) {
      // a tick this sweeper asked for lately may still be queued behind others: no second one yet
      if (swept.has(session._id)) continue;
      swept.set(session._id, nowMs);
      await deps.schedule(session._id, nowMs, `sweep:${bucket}`, session.status === 'held' ? session.userId : undefined);
    }
  }

  const runOnce = () => {
    running ??= sweep()
      .catch((error: unknown) => deps.logger.warn('session sweep failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    async start() {
      await runOnce();
      timer ??= setInterval(() => void runOnce(), every);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
