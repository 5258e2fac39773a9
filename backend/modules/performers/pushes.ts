import type { KeyValueStore } from '../../platform/kv/port';
import type { JobQueue } from '../../platform/jobs/port';
import type { RealtimeEmitter } from '../../platform/module';
import { dataField, type RecordedEvent } from '../../platform/recorded-event';
import { PERFORMER_CONNECTED_TTL_MS, PRESENCE_GRACE_JOB, performerConnectedKey, presenceGraceJobOptions, type PresenceGraceJob } from './presence-grace';
import type { PerformerQueries } from './queries';

/** What the performers module needs of socket presence (the presence module's tracker). */
export interface PresenceFeed {
  subscribe(listener: {
    performerConnected?(performerId: string): void;
    performerDisconnected?(performerId: string): void;
    viewersChanged?(performerId: string): void;
    countChanged?(): void;
  }): void;
  viewersOf(performerId: string): number;
  viewersVersion(): number;
  onlineUsers(): number;
}

interface PushDeps {
  performers: PerformerQueries;
  presence: PresenceFeed;
  realtime: RealtimeEmitter;
}

/** After projections apply a batch: presence flips and counts to everyone, the pending list to admins, changed profiles. */
export function performerPushes({ performers, presence, realtime }: PushDeps) {
  return async (events: RecordedEvent[]) => {
    const flipped = new Map<string, boolean>();
    const changed = new Set<string>();
    for (const event of events) {
      if (event.type === 'PerformerWentOnline' || event.type === 'PerformerWentOffline') {
        flipped.set(event.data.performerId, event.type === 'PerformerWentOnline');
      } else if (event.type === 'PerformerRegistered' || event.type === 'PerformerDocumentAdded') {
        // the Verifica Performer tab of every signed-in admin refreshes
        realtime.toAdmins('readmodel:changed', { model: 'performers-pending', id: event.data.performerId });
      } else if (event.type === 'PerformerEarningsCredited') {
        continue;
      } else if (event.type.startsWith('Performer') || event.type === 'PhotoAdded' || event.type === 'PhotoRemoved') {
        const performerId = dataField(event, 'performerId');
        if (performerId) changed.add(performerId);
      }
    }
    for (const [performerId, isOnline] of flipped) {
      realtime.toEveryone('performer:presence', { performerId, isOnline, viewers: isOnline ? presence.viewersOf(performerId) : 0 });
    }
    if (flipped.size > 0) realtime.toEveryone('presence:count', { onlineUsers: presence.onlineUsers(), performersOnline: await performers.onlineCount() });
    for (const performerId of changed) realtime.toEveryone('readmodel:changed', { model: 'performers', id: performerId });
  };
}

/**
 * The api's sockets feed presence: a performer's live connection is marked in the key-value store,
 * and when her last one drops the grace-period job is enqueued; viewer and online counts are pushed.
 */
export function followPresence(deps: PushDeps & { kv: KeyValueStore; jobs: JobQueue; graceMs: number; now: () => Date }) {
  const { performers, presence, realtime, kv, jobs } = deps;
  const pushCount = () =>
    void performers
      .onlineCount()
      .then((performersOnline) => realtime.toEveryone('presence:count', { onlineUsers: presence.onlineUsers(), performersOnline }))
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
        .then(() => jobs.enqueue<PresenceGraceJob>(PRESENCE_GRACE_JOB, { performerId, disconnectedAt }, presenceGraceJobOptions(performerId, disconnectedAt, deps.graceMs)))
        .catch(() => undefined);
    },
    viewersChanged(performerId) {
      void performers
        .byId(performerId)
        .then((doc) => {
          if (doc) realtime.toEveryone('performer:presence', { performerId, isOnline: doc.isOnline, viewers: doc.isOnline ? presence.viewersOf(performerId) : 0 });
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
