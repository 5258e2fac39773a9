import type { KeyValueStore } from './port';

export function createMemoryKeyValueStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, { count: number; expiresAt: number; value?: string }>();
  /** sliding-window logs: the times of the hits still inside the longest window asked */
  const logs = new Map<string, { hits: number[]; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const valueOf = (key: string) => {
    const entry = live(key);
    return entry && (entry.value ?? String(entry.count));
  };
  const sweep = setInterval(() => {
    for (const key of entries.keys()) live(key);
    for (const [key, log] of logs) if (log.expiresAt <= now()) logs.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    adapter: 'memory',
    async health() {
      return { adapter: 'memory', ok: true, detail: `${entries.size + logs.size} keys` };
    },
    async increment(key, ttlMs) {
      const entry = live(key) ?? { count: 0, expiresAt: now() + ttlMs };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
    async decrement(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async admit(buckets, nowMs) {
      let wait = 0;
      const windows = buckets.map((bucket) => {
        const hits = (logs.get(bucket.key)?.hits ?? []).filter((at) => at > nowMs - bucket.windowMs);
        if (hits.length >= bucket.max)
          wait = Math.max(wait, (hits[hits.length - bucket.max] ?? nowMs) + bucket.windowMs - nowMs, 1);
        return { bucket, hits };
      });
      for (const { bucket, hits } of windows) {
        if (wait === 0) hits.push(nowMs);
        logs.set(bucket.key, { hits, expiresAt: nowMs + bucket.windowMs });
      }
      return wait;
    },
    async expiresIn(key) {
      const entry = live(key);
      return entry ? entry.expiresAt - now() : 0;
    },
    async put(key, ttlMs, value) {
      entries.set(key, { count: 1, expiresAt: now() + ttlMs, value });
    },
    async has(key) {
      return live(key) !== undefined;
    },
    async get(key) {
      return valueOf(key);
    },
    async getMany(keys) {
      return keys.map(valueOf);
    },
    async remove(key) {
      entries.delete(key);
      logs.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}
