/** Short-lived keys with a time to live: login rate limits, revoked sessions. Redis when REDIS_URL is set, else memory. */
import type { AdapterHealth } from '../eventstore/port';

export interface KeyValueStore {
  readonly adapter: string;
  health(): Promise<AdapterHealth>;
  /** increments the counter, starting its ttl on first use; returns the new count */
  increment(key: string, ttlMs: number): Promise<number>;
  /** sets the key (to `value`, default '1') for `ttlMs` */
  put(key: string, ttlMs: number, value?: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** the key's value while it lives */
  get(key: string): Promise<string | undefined>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}
