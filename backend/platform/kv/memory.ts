import type { KeyValueStore } from './port';

export function createMemoryKeyValueStore(now: () => number = Date.now): KeyValueStore {
  const entries = new Map<string, { count: number; expiresAt: number; value?: string }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = setInterval(() => {
    for (const key of entries.keys()) live(key);
  }, 60_000);
  sweep.unref();
  return {
    adapter: 'memory',
    async health() {
      return { adapter: 'memory', ok: true, detail: `${entries.size} keys` };
    },
    async increment(key, ttlMs) {
      const entry = live(key) ?? { count: 0, expiresAt: now() + ttlMs };
      entry.count += 1;
      entries.set(key, entry);
      return entry.count;
    },
    async put(key, ttlMs, value) {
      entries.set(key, { count: 1, expiresAt: now() + ttlMs, value });
    },
    async has(key) {
      return live(key) !== undefined;
    },
    async get(key) {
      const entry = live(key);
      return entry && (entry.value ?? String(entry.count));
    },
    async remove(key) {
      entries.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}
