/**
 * Presence across api replicas (docs/architecture.md#distributed-mode). Each api node writes its part
 * of the counts (presence tracker's `share()`) to Redis under a key that expires unless refreshed,
 * and lists itself in a sorted set scored by that expiry; every process reads the others' parts and
 * answers the sums. A killed node's part expires with its key, so its sockets leave the counts
 * within the time to live. One node, the lowest live id, turns changes of the sums into the
 * listeners' calls (pushes, the performer's connected key, the grace job), so they happen once.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../logging/logger';
import { createPresenceTracker, type PresenceTracker } from './memory';
import type { Presence, PresenceListener, PresenceShare } from './port';

export const PRESENCE_KEY_PREFIX = 'aura:presence:';
const NODES = `${PRESENCE_KEY_PREFIX}nodes`;
const CHANGED = `${PRESENCE_KEY_PREFIX}changed`;
const nodeKey = (nodeId: string) => `${PRESENCE_KEY_PREFIX}node:${nodeId}`;
/** local changes within this long are written to Redis once */
const PUBLISH_DELAY_MS = 20;

interface Sums {
  onlineUsers: number;
  viewers: Map<string, number>;
  performers: Set<string>;
}

export interface SharedPresenceOptions {
  redisUrl: string;
  /** how long a node's part lives without a refresh; refreshed three times per period */
  ttlMs: number;
  /** an api node: it has sockets, so it writes its part and may be the one that reports changes */
  writes: boolean;
  logger: Logger;
}

export function sharePresence(local: PresenceTracker, options: SharedPresenceOptions) {
  const nodeId = `${Date.now().toString(36)}-${randomUUID()}`;
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  const subscriber = redis.duplicate();
  const listeners: PresenceListener[] = [];
  let others: PresenceShare[] = [];
  let othersVersion = 0;
  let cached: { key: string; sums: Sums } | undefined;
  let reported: Sums = { onlineUsers: 0, viewers: new Map(), performers: new Set() };
  let leader = false;
  let closed = false;
  let lastWarnAt = 0;
  const warn = (what: string) => (error: unknown) => {
    if (closed || Date.now() - lastWarnAt < 5_000) return;
    lastWarnAt = Date.now();
    options.logger.warn(`presence: ${what} failed`, { error: error instanceof Error ? error.message : String(error) });
  };
  for (const client of [redis, subscriber]) client.on('error', warn('redis connection'));

  function sums(): Sums {
    const key = `${local.version()}:${othersVersion}`;
    if (cached?.key === key) return cached.sums;
    const parts = [...others, local.share()];
    const accounts = new Set<string>();
    const viewers = new Map<string, number>();
    const performers = new Set<string>();
    let anonymous = 0;
    for (const part of parts) {
      anonymous += part.anonymous;
      for (const account of part.accounts) accounts.add(account);
      for (const [performerId, count] of Object.entries(part.viewers))
        viewers.set(performerId, (viewers.get(performerId) ?? 0) + count);
      for (const performerId of part.performers) performers.add(performerId);
    }
    cached = { key, sums: { onlineUsers: accounts.size + anonymous, viewers, performers } };
    return cached.sums;
  }

  const emit = <K extends keyof PresenceListener>(key: K, ...args: Parameters<NonNullable<PresenceListener[K]>>) => {
    for (const listener of listeners) (listener[key] as ((...a: unknown[]) => void) | undefined)?.(...args);
  };

  /** The reporting node tells the listeners what changed since it last told them. */
  function report(): void {
    if (!leader || closed) return;
    const now = sums();
    for (const performerId of now.performers)
      if (!reported.performers.has(performerId)) emit('performerConnected', performerId);
    for (const performerId of reported.performers)
      if (!now.performers.has(performerId)) emit('performerDisconnected', performerId);
    for (const performerId of new Set([...now.viewers.keys(), ...reported.viewers.keys()])) {
      const count = now.viewers.get(performerId) ?? 0;
      if (count !== (reported.viewers.get(performerId) ?? 0)) emit('viewersChanged', performerId, count);
    }
    if (now.onlineUsers !== reported.onlineUsers) emit('countChanged', now.onlineUsers);
    reported = now;
  }

  async function publish(): Promise<void> {
    if (!options.writes || closed) return;
    await redis
      .multi()
      .set(nodeKey(nodeId), JSON.stringify(local.share()), 'PX', options.ttlMs)
      .zadd(NODES, Date.now() + options.ttlMs, nodeId)
      .publish(CHANGED, nodeId)
      .exec();
  }

  /** The live nodes' parts (an expired one is dropped from the set), and who reports. */
  async function refresh(): Promise<void> {
    if (closed) return;
    const now = Date.now();
    await redis.zremrangebyscore(NODES, '-inf', `(${now}`);
    const live = await redis.zrangebyscore(NODES, now, '+inf');
    const ids = live.filter((id) => id !== nodeId);
    const parts = ids.length > 0 ? await redis.mget(ids.map(nodeKey)) : [];
    others = parts.flatMap((part) => (part ? [JSON.parse(part) as PresenceShare] : []));
    othersVersion += 1;
    leader = options.writes && [...ids, nodeId].sort()[0] === nodeId;
    report();
  }

  let publishTimer: NodeJS.Timeout | undefined;
  const localChanged = () => {
    report();
    publishTimer ??= setTimeout(() => {
      publishTimer = undefined;
      publish().catch(warn('publish'));
    }, PUBLISH_DELAY_MS);
  };
  local.subscribe({
    performerConnected: localChanged,
    performerDisconnected: localChanged,
    viewersChanged: localChanged,
    countChanged: localChanged,
  });

  let refreshTimer: NodeJS.Timeout | undefined;
  subscriber.on('message', (_channel: string, from: string) => {
    if (from === nodeId || refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = undefined;
      refresh().catch(warn('refresh'));
    }, PUBLISH_DELAY_MS);
  });
  void subscriber.subscribe(CHANGED).catch(warn('subscribe'));
  const heartbeat = setInterval(
    () => void publish().then(refresh).catch(warn('heartbeat')),
    Math.max(250, Math.floor(options.ttlMs / 3)),
  );
  heartbeat.unref();
  const ready = publish().then(refresh).catch(warn('start'));

  return {
    ready,
    subscribe(listener: PresenceListener) {
      listeners.push(listener);
    },
    viewersOf: (performerId: string) => sums().viewers.get(performerId) ?? 0,
    viewersVersion: () => local.viewersVersion() + othersVersion,
    onlineUsers: () => sums().onlineUsers,
    /** this node leaves the counts at once (a stop), rather than when its key expires */
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(publishTimer);
      clearTimeout(refreshTimer);
      if (options.writes)
        await redis
          .multi()
          .del(nodeKey(nodeId))
          .zrem(NODES, nodeId)
          .publish(CHANGED, nodeId)
          .exec()
          .catch(() => undefined);
      await Promise.all([redis.quit(), subscriber.quit()].map((quitting) => quitting.catch(() => undefined)));
    },
  };
}

/** The adapter of several api nodes: this node's sockets counted here, the sums read over Redis. */
export function redisPresence(options: SharedPresenceOptions): Presence {
  const local = createPresenceTracker();
  const shared = sharePresence(local, options);
  return {
    adapter: 'redis',
    connected: local.connected,
    disconnected: local.disconnected,
    viewing: local.viewing,
    subscribe: shared.subscribe,
    viewersOf: shared.viewersOf,
    viewersVersion: shared.viewersVersion,
    onlineUsers: shared.onlineUsers,
    close: shared.close,
  };
}
