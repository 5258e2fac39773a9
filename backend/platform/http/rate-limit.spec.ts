import { createMemoryKeyValueStore } from '../kv/memory';
import { createRateLimiter, doorRateLimits } from './rate-limit';

describe('the sliding-window rate limiter (memory store)', () => {
  const limits = {
    ...doorRateLimits,
    message: { max: 3, windowMs: 60_000 },
    messageAccount: { max: 4, windowMs: 60_000 },
  };

  it('admits max hits in any window, then answers how long until the oldest leaves it', async () => {
    let now = 1_000_000;
    const limiter = createRateLimiter(
      createMemoryKeyValueStore(() => now),
      limits,
      () => now,
    );
    for (const at of [0, 10_000, 20_000]) {
      now = 1_000_000 + at;
      expect(await limiter.take(['message', 'a'])).toBe(0);
    }
    now = 1_000_000 + 30_000;
    expect(await limiter.take(['message', 'a'])).toBe(30_000);
    // another key has its own bucket
    expect(await limiter.take(['message', 'b'])).toBe(0);
    now = 1_000_000 + 60_001;
    expect(await limiter.take(['message', 'a'])).toBe(0);
    expect(await limiter.take(['message', 'a'])).toBe(9_999);
  });

  it('records a hit on every bucket or on none', async () => {
    const now = 5_000;
    const limiter = createRateLimiter(
      createMemoryKeyValueStore(() => now),
      limits,
      () => now,
    );
    for (let i = 0; i < 3; i++) expect(await limiter.take(['message', 'one'], ['messageAccount', 'me'])).toBe(0);
    // 'one' is full: refused, and the account's bucket did not count it
    expect(await limiter.take(['message', 'one'], ['messageAccount', 'me'])).toBeGreaterThan(0);
    expect(await limiter.take(['message', 'two'], ['messageAccount', 'me'])).toBe(0);
    expect(await limiter.take(['message', 'three'], ['messageAccount', 'me'])).toBeGreaterThan(0);
  });

  it('admits everything when the limits are off', async () => {
    const limiter = createRateLimiter(createMemoryKeyValueStore(), 'off', Date.now);
    for (let i = 0; i < 100; i++) expect(await limiter.take(['register', 'x'])).toBe(0);
  });
});
