/**
 * What a rate-limit check costs a message on its own (`npx tsx bench/chat/limiter.ts`): the two
 * buckets `POST /api/messages` takes (per identity and conversation, and per account) checked
 * LIMITER_CHECKS (20,000) times over 2,000 senders, on the memory store and, with REDIS_URL, on
 * Redis (one Lua script per check), sequentially: time per check and p99.
 */
import { chatRateLimits } from '../../backend/commands/chat/rate-limits';
import { createRateLimiter, doorRateLimits } from '../../backend/platform/http/rate-limit';
import { createMemoryKeyValueStore } from '../../backend/platform/kv/memory';
import type { KeyValueStore } from '../../backend/platform/kv/port';
import { createRedisKeyValueStore } from '../../backend/platform/kv/redis';

const checks = Number(process.env.LIMITER_CHECKS ?? 20_000);

async function measure(label: string, kv: KeyValueStore) {
  const limiter = createRateLimiter(kv, { ...doorRateLimits, ...chatRateLimits }, Date.now);
  const times: number[] = [];
  let refused = 0;
  for (let i = 0; i < checks; i++) {
    const sender = i % 2000;
    const started = performance.now();
    if (
      (await limiter.take(
        ['message', `identity-${sender}|conversation-${sender}`],
        ['messageAccount', `account-${sender}`],
      )) > 0
    )
      refused += 1;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  const p99 = times[Math.floor(times.length * 0.99)]!;
  console.log(
    `  ${label}: ${checks} checks, mean ${(mean * 1000).toFixed(1)} µs, p99 ${(p99 * 1000).toFixed(1)} µs, ${refused} refused`,
  );
  await kv.close();
}

async function main() {
  console.log(`rate-limit check of a message (two buckets), ${checks} checks over 2,000 senders`);
  await measure('memory', createMemoryKeyValueStore());
  if (process.env.REDIS_URL)
    await measure('redis', createRedisKeyValueStore(process.env.REDIS_URL, `aura:bench:limiter:${Date.now()}:`));
}

void main();
