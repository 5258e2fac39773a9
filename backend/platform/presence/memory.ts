/**
 * Socket presence on this node: who is connected, which performers have a live connection, and
 * how many connections are looking at each performer. Counts are real (no invented numbers); with
 * several api nodes each shares its part through Redis (redis.ts) and the counts are the sum.
 */
import type { Presence, PresenceListener, PresencePrincipal, PresenceShare } from './port';

export function createPresenceTracker() {
  const sockets = new Map<string, { principal?: PresencePrincipal; viewing?: string }>();
  const performerSockets = new Map<string, Set<string>>();
  const viewers = new Map<string, Set<string>>();
  const listeners: PresenceListener[] = [];
  /** connections per signed-in account (`kind:sub`), and anonymous connections: the count in O(1) */
  const accountConnections = new Map<string, number>();
  let anonymous = 0;
  /** bumped on every viewer-count change, so answers that include viewer counts can be memoised */
  let viewersVersion = 0;

  /** bumped on every change a listener hears of, so sums over this node's share can be memoised */
  let version = 0;

  const emit = <K extends keyof PresenceListener>(key: K, ...args: Parameters<NonNullable<PresenceListener[K]>>) => {
    version += 1;
    for (const listener of listeners) (listener[key] as ((...a: unknown[]) => void) | undefined)?.(...args);
  };

  function onlineUsers(): number {
    return accountConnections.size + anonymous;
  }

  /** one connection more (+1) or less (-1) of this principal */
  function count(principal: PresencePrincipal | undefined, delta: 1 | -1) {
    if (!principal) {
      anonymous += delta;
      return;
    }
    const key = `${principal.kind}:${principal.sub}`;
    const next = (accountConnections.get(key) ?? 0) + delta;
    if (next > 0) accountConnections.set(key, next);
    else accountConnections.delete(key);
  }

  function stopViewing(socketId: string) {
    const entry = sockets.get(socketId);
    const performerId = entry?.viewing;
    if (!entry || !performerId) return;
    entry.viewing = undefined;
    const set = viewers.get(performerId);
    set?.delete(socketId);
    if (set && set.size === 0) viewers.delete(performerId);
    viewersVersion += 1;
    emit('viewersChanged', performerId, set?.size ?? 0);
  }

  return {
    subscribe(listener: PresenceListener) {
      listeners.push(listener);
    },
    connected(socketId: string, principal: PresencePrincipal | undefined) {
      if (sockets.has(socketId)) return;
      const before = onlineUsers();
      sockets.set(socketId, { principal });
      count(principal, 1);
      if (principal?.kind === 'performer') {
        const set = performerSockets.get(principal.sub) ?? new Set<string>();
        const first = set.size === 0;
        set.add(socketId);
        performerSockets.set(principal.sub, set);
        if (first) emit('performerConnected', principal.sub);
      }
      if (onlineUsers() !== before) emit('countChanged', onlineUsers());
    },
    disconnected(socketId: string) {
      const entry = sockets.get(socketId);
      if (!entry) return;
      stopViewing(socketId);
      const before = onlineUsers();
      sockets.delete(socketId);
      const principal = entry.principal;
      count(principal, -1);
      if (principal?.kind === 'performer') {
        const set = performerSockets.get(principal.sub);
        set?.delete(socketId);
        if (!set || set.size === 0) {
          performerSockets.delete(principal.sub);
          emit('performerDisconnected', principal.sub);
        }
      }
      if (onlineUsers() !== before) emit('countChanged', onlineUsers());
    },
    /** this socket now looks at `performerId` (null: at nobody) */
    viewing(socketId: string, performerId: string | null) {
      const entry = sockets.get(socketId);
      if (!entry || entry.viewing === (performerId ?? undefined)) return;
      stopViewing(socketId);
      if (!performerId) return;
      entry.viewing = performerId;
      const set = viewers.get(performerId) ?? new Set<string>();
      set.add(socketId);
      viewers.set(performerId, set);
      viewersVersion += 1;
      emit('viewersChanged', performerId, set.size);
    },
    /** this node's part of the counts, as shared with the other api nodes (redis.ts) */
    share: (): PresenceShare => ({
      anonymous,
      accounts: [...accountConnections.keys()],
      viewers: Object.fromEntries([...viewers].map(([performerId, set]) => [performerId, set.size])),
      performers: [...performerSockets.keys()],
    }),
    viewersOf: (performerId: string) => viewers.get(performerId)?.size ?? 0,
    viewersVersion: () => viewersVersion,
    version: () => version,
    isConnected: (performerId: string) => (performerSockets.get(performerId)?.size ?? 0) > 0,
    onlineUsers,
  };
}

export type PresenceTracker = ReturnType<typeof createPresenceTracker>;

/** The embedded adapter: this process's own sockets (one api node, `npm start`). */
export function memoryPresence(): Presence {
  const tracker = createPresenceTracker();
  return {
    adapter: 'memory',
    connected: tracker.connected,
    disconnected: tracker.disconnected,
    viewing: tracker.viewing,
    subscribe: tracker.subscribe,
    viewersOf: tracker.viewersOf,
    viewersVersion: tracker.viewersVersion,
    onlineUsers: tracker.onlineUsers,
    async close() {},
  };
}
