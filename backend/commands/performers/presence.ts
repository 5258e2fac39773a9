import type { RealtimeEmitter } from '../../kernel/module';
import type { JobQueue } from '../../platform/jobs/port';
import type { KeyValueStore } from '../../platform/kv/port';
import type { PresenceFeed } from '../../platform/presence/port';

export const PRESENCE_GRACE_JOB = 'presence.grace';

export type PresenceGraceJob = { performerId: string; disconnectedAt: string };

/** Set while a performer has a live socket connection (written by the api, read by this job). */
export const performerConnectedKey = (performerId: string) => `presence:performer:${performerId}`;
export const PERFORMER_CONNECTED_TTL_MS = 24 * 60 * 60_000;

/** One job per disconnection (its time in the id), delayed by the grace period. */
export const presenceGraceJobOptions = (performerId: string, disconnectedAt: string, graceMs: number) => ({
  jobId: `presence-grace-${performerId}-${Date.parse(disconnectedAt)}`,
  delayMs: graceMs,
  attempts: 5,
  backoff: { type: 'exponential' as const, delayMs: 500 },
});

/**
 * The api's sockets feed presence: a performer's live connection is marked in the key-value store,
 * and when her last one drops the grace-period job is enqueued; viewer and online counts are pushed.
 */
export function followPresence(deps: {
  /** what the performers read side tells of presence: approved performers online, and whether she is (null: unknown) */
  performers: { onlineCount(): Promise<number>; isOnline(performerId: string): Promise<boolean | null> };
  presence: PresenceFeed;
  realtime: RealtimeEmitter;
  kv: KeyValueStore;
  jobs: JobQueue;
  graceMs: number;
  now: () => Date;
}) {
  const { performers, presence, realtime, kv, jobs } = deps;
  const pushCount = () =>
    void performers
      .onlineCount()
      .then((performersOnline) =>
        realtime.toEveryone('presence:count', { onlineUsers: presence.onlineUsers(), performersOnline }),
      )
      .catch(() => undefined);
  const countChanged = coalesced(pushCount, PRESENCE_COUNT_EVERY_MS);
  presence.subscribe({
    performerConnected(performerId) {
      void kv.put(performerConnectedKey(performerId), PERFORMER_CONNECTED_TTL_MS).catch(() => undefined);
    },
    performerDisconnected(performerId) {
      const disconnectedAt = deps.now().toISOString();
      void kv
        .remove(performerConnectedKey(performerId))
        .then(() =>
          jobs.enqueue<PresenceGraceJob>(
            PRESENCE_GRACE_JOB,
            { performerId, disconnectedAt },
            presenceGraceJobOptions(performerId, disconnectedAt, deps.graceMs),
          ),
        )
        .catch(() => undefined);
    },
    viewersChanged(performerId) {
      void performers
        .isOnline(performerId)
        .then((isOnline) => {
          if (isOnline !== null)
            realtime.toEveryone('performer:presence', {
              performerId,
              isOnline,
              viewers: isOnline ? presence.viewersOf(performerId) : 0,
            });
        })
        .catch(() => undefined);
    },
    countChanged,
  });
}

/**
 * 'presence:count' goes to every connection, so it is sent at most this often: a crowd connecting
 * at once (a reconnect after a deploy, 2,000 sockets) makes a few pushes, not one to everyone per
 * connection (which grew with the square of the crowd).
 */
export const PRESENCE_COUNT_EVERY_MS = 500;

/** `run` at once, then at most once per `everyMs`: calls in between make one more run at the window's end. */
export function coalesced(run: () => void, everyMs: number): () => void {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (timer) return;
    const wait = last + everyMs - Date.now();
    if (wait <= 0) {
      last = Date.now();
      run();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      last = Date.now();
      run();
    }, wait);
    timer.unref?.();
  };
}
