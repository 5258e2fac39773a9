import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { StartedTestContainer } from 'testcontainers';
import { describeWithEngine, engineSource } from '../../test/engines';
import { createBullMqJobQueue } from './bullmq';
import { createInProcessJobQueue } from './in-process';
import { jobQueueContract, waitFor } from './jobs.contract';

const silent = { warn: () => {}, error: () => {} };

describe('in-process job queue', () => {
  jobQueueContract((logger) => createInProcessJobQueue({ logger }));

  it('keeps jobs that failed their last attempt in failed()', async () => {
    const queue = createInProcessJobQueue({ now: () => 1_234, logger: silent });
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
