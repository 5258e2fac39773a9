import type { JobQueue } from '../../platform/jobs/port';

export const SESSION_TICK_JOB = 'session.tick';

/** `dueAt`: the moment the tick was scheduled for (ms), absent in jobs queued before it was carried */
export type SessionTickJob = { sessionId: string; walletId?: string; dueAt?: number };

/**
 * One delayed job per moment of a session, with an id naming the session and why it runs: the same
 * moment scheduled twice (the api and a sweep) runs once, and different moments never collide.
 */
export function scheduleSessionTick(jobs: JobQueue, now: () => Date) {
  return async (sessionId: string, atMs: number, reason: string, walletId?: string) => {
    await jobs.enqueue<SessionTickJob>(
      SESSION_TICK_JOB,
      walletId ? { sessionId, walletId, dueAt: atMs } : { sessionId, dueAt: atMs },
      {
        jobId: `session-tick:${sessionId}:${reason}`,
        delayMs: Math.max(0, atMs - now().getTime()),
        attempts: 5,
        backoff: { type: 'exponential', delayMs: 200 },
      },
    );
  };
}
