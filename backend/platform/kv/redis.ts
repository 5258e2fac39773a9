import { Redis } from 'ioredis';
import type { KeyValueStore } from './port';
import { adapterDisconnects } from '../metrics/metrics';

/**
 * KEYS: the buckets; ARGV: now (ms), a member unique to this hit, then max and windowMs per bucket.
 * Every bucket is pruned and counted first; the hit is added to all of them only when each has room.
 */
const ADMIT = `
local now = tonumber(ARGV[1])
local wait = 0
for i, key in ipairs(KEYS) do
  local max = tonumber(ARGV[1 + i * 2])
  local window = tonumber(ARGV[2 + i * 2])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  if count >= max then
    local oldest = redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')
    local at = tonumber(oldest[2] or now)
    wait = math.max(wait, at + window - now, 1)
  end
end
if wait == 0 then
  for i, key in ipairs(KEYS) do
    redis.call('ZADD', key, now, ARGV[2])
    redis.call('PEXPIRE', key, tonumber(ARGV[2 + i * 2]))
  end
end
return wait
`;

const DECREMENT = `if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then redis.call('DECR', KEYS[1]) end return 0`;

let hitSequence = 0;

export function createRedisKeyValueStore(url: string, prefix = 'aura:kv:'): KeyValueStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // ioredis reconnects by itself; the loss is counted, the commands meanwhile fail into 503s (platform/outage.ts)
  redis.on('error', () => undefined);
  redis.on('close', () => adapterDisconnects.inc({ adapter: 'redis' }));
  return {
    adapter: 'redis',
    async health() {
      try {
        return { adapter: 'redis', ok: (await redis.ping()) === 'PONG' };
      } catch (error) {
        return { adapter: 'redis', ok: false, detail: error instanceof Error ? error.message : String(error) };
      }
    },
    async increment(key, ttlMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, ttlMs, 'NX')
        .exec()) as [[Error | null, number]];
      return count;
    },
    async decrement(key) {
      await redis.eval(DECREMENT, 1, prefix + key);
    },
    async admit(buckets, nowMs) {
      if (buckets.length === 0) return 0;
      const member = `${nowMs}:${process.pid}:${Math.random().toString(36).slice(2)}:${hitSequence++}`;
      const windows = buckets.flatMap((bucket) => [bucket.max, bucket.windowMs]);
      return Number(
        await redis.eval(
          ADMIT,
          buckets.length,
          ...buckets.map((bucket) => prefix + bucket.key),
          nowMs,
          member,
          ...windows,
        ),
      );
    },
    async expiresIn(key) {
      return Math.max(0, await redis.pttl(prefix + key));
    },
    async put(key, ttlMs, value = '1') {
      await redis.set(prefix + key, value, 'PX', ttlMs);
    },
    async has(key) {
      return (await redis.exists(prefix + key)) === 1;
    },
    async get(key) {
      return (await redis.get(prefix + key)) ?? undefined;
    },
    async getMany(keys) {
      if (keys.length === 0) return [];
      return (await redis.mget(keys.map((key) => prefix + key))).map((value) => value ?? undefined);
    },
    async remove(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
