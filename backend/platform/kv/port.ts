/** Short-lived keys with a time to live: login rate limits, revoked sessions. Redis when REDIS_URL is set, else memory. */
import type { AdapterHealth } from '../eventstore/port';

export interface WindowBucket {
  key: string;
  max: number;
  windowMs: number;
}

export interface KeyValueStore {
  readonly adapter: string;
  health(): Promise<AdapterHealth>;
  /** increments the counter, starting its ttl on first use; returns the new count */
  increment(key: string, ttlMs: number): Promise<number>;
  /** takes back one count of a counter that exists (never below zero) */
  decrement(key: string): Promise<void>;
  /**
   * Sliding-window log: records one hit at `nowMs` in every bucket when each holds fewer than its
   * `max` hits within its last `windowMs`, else records nothing. Answers 0 when recorded, else how
   * many ms until the fullest bucket has room again. Atomic across every process sharing the store.
   */
  admit(buckets: readonly WindowBucket[], nowMs: number): Promise<number>;
  /** ms until the key expires, or 0 when it does not exist */
  expiresIn(key: string): Promise<number>;
  /** sets the key (to `value`, default '1') for `ttlMs` */
  put(key: string, ttlMs: number, value?: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** the key's value while it lives */
  get(key: string): Promise<string | undefined>;
  /** each key's value while it lives, in order, read at once (one round trip on Redis) */
  getMany(keys: readonly string[]): Promise<(string | undefined)[]>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
}
