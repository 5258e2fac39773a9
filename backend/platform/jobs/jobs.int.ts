import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { StartedTestContainer } from 'testcontainers';
import { describeWithEngine, engineSource } from '../../test/engines';
import { createBullMqJobQueue } from './bullmq';
import { createTestClock } from '../clock';
import { createInProcessJobQueue } from './in-process';
import { jobQueueContract, waitFor } from './jobs.contract';

const silent = { warn: () => {}, error: () => {} };

describe('in-process job queue', () => {
  jobQueueContract((logger) => createInProcessJobQueue({ logger }));

  it('keeps jobs that failed their last attempt in failed()', async () => {
    const queue = createInProcessJobQueue({ clock: createTestClock(1_234), logger: silent });
    queue.register('doomed', async () => {
      throw new Error('boom');
    });
    await queue.start();
    await queue.enqueue('doomed', { n: 1 }, { jobId: 'doomed-1', attempts: 2 });
    await waitFor('the failure', () => queue.failed().length === 1);
    expect(queue.failed()).toEqual([
      { jobId: 'doomed-1', name: 'doomed', payload: { n: 1 }, attempts: 2, error: 'boom', failedAt: 1_234 },
    ]);
    await queue.close();
  });

  it('says when its last delayed job is due, and how many are pending', async () => {
    const queue = createInProcessJobQueue({ logger: silent });
    queue.register('later', async () => {});
    await queue.start();
    expect(queue.lastDueAt()).toBe(0);
    const before = Date.now();
    await queue.enqueue('later', {}, { delayMs: 60_000 });
    await queue.enqueue('later', {}, { delayMs: 20 });
    expect(queue.pending()).toBe(2);
    expect(queue.lastDueAt()).toBeGreaterThanOrEqual(before + 60_000);
    await waitFor('the short one', () => queue.pending() === 1);
    expect(queue.lastDueAt()).toBeGreaterThanOrEqual(before + 60_000);
    await queue.close();
    expect(queue.lastDueAt()).toBe(0);
  });

  it("on a test clock, delayed jobs, retries and repeats wait for the clock's time, not the wall's", async () => {
    const clock = createTestClock(1_000_000);
    const queue = createInProcessJobQueue({ clock, logger: silent });
    const runs: string[] = [];
    let failures = 1;
    queue.register<string>('later', async (what) => void runs.push(what));
    queue.register<string>('flaky', async (what) => {
      if (failures-- > 0) throw new Error('once');
      runs.push(what);
    });
    queue.register<string>('tick', async (what) => void runs.push(what));
    await queue.start();
    await queue.enqueue('later', 'a minute', { delayMs: 61_000 });
    await queue.enqueue('later', 'a second', { delayMs: 1_000 });
    await queue.enqueue('flaky', 'retried', { attempts: 2, backoff: { type: 'fixed', delayMs: 5_000 } });
    await queue.repeat('tick', 'tick', { scheduleId: 'ticks', everyMs: 30_000 });
    await waitFor('the first runs', () => runs.length === 1);
    expect(runs).toEqual(['tick']);
    expect(queue.lastDueAt()).toBe(1_061_000);
    await clock.advance(999);
    expect(runs).toEqual(['tick']);
    await clock.advance(1);
    await waitFor('the one due after a second', () => runs.length === 2);
    await clock.advance(4_000);
    await waitFor('the retry', () => runs.length === 3);
    await clock.advance(56_000);
    await waitFor('the minute and two ticks', () => runs.length === 6);
    expect(runs).toEqual(['tick', 'a second', 'retried', 'tick', 'tick', 'a minute']);
    expect(queue.pending()).toBe(0);
    await queue.close();
  });
});

const redis = engineSource('REDIS_URL', 'Redis');

describeWithEngine(redis, 'BullMQ job queue', () => {
  // Every queue gets its own key prefix under this run's, so tests never see each other's jobs.
  const runPrefix = `aura-test-jobs-${randomUUID()}`;
  let redisUrl = '';
  let container: StartedTestContainer | undefined;
  let queues = 0;

  beforeAll(async () => {
    if (redis.kind === 'url') {
      redisUrl = redis.url;
      return;
    }
    const { GenericContainer } = await import('testcontainers');
    container = await new GenericContainer('redis:7').withExposedPorts(6379).start();
    redisUrl = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
  });

  afterAll(async () => {
    if (container) {
      await container.stop();
      return;
    }
    const client = new Redis(redisUrl);
    for await (const keys of client.scanStream({ match: `${runPrefix}*`, count: 500 })) {
      if ((keys as string[]).length > 0) await client.del(...(keys as string[]));
    }
    await client.quit();
  });

  jobQueueContract((logger) => createBullMqJobQueue({ redisUrl, prefix: `${runPrefix}-${++queues}`, logger }));

  it('refuses to start without a reachable Redis', async () => {
    await expect(createBullMqJobQueue({ redisUrl: 'redis://127.0.0.1:1', logger: silent })).rejects.toThrow(
      /cannot reach Redis at 127.0.0.1:1/,
    );
  });
});
