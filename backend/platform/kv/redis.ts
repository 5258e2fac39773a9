import { Redis } from 'ioredis';
import type { KeyValueStore } from './port';

export function createRedisKeyValueStore(url: string, prefix = 'aura:kv:'): KeyValueStore {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
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
      const [[, count]] = (await redis.multi().incr(prefix + key).pexpire(prefix + key, ttlMs, 'NX').exec()) as [
        [Error | null, number],
      ];
      return count;
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
    async remove(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
