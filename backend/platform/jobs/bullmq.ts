/**
 * The production jobs adapter: BullMQ on Redis.
 *
 * One BullMQ Queue (and, once started, one Worker) per job name rather than one queue carrying
 * every name: a slow or backed-up job (weekly payouts) never delays another (per-minute billing),
 * each name gets its own concurrency, and a worker process only pulls the names it registered.
 * Schedule ids live inside their name's queue, which is exactly removeRepeat(name, scheduleId).
 */
import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import type { AdapterHealth } from '../eventstore/port';
import type { Backoff, EnqueueOptions, JobHandler, JobLogger, JobQueue, RepeatOptions } from './port';

export interface BullMqJobQueueOptions {
  redisUrl: string;
  /** Redis key prefix (BullMQ's default is "bull"); tests use a fresh one each */
  prefix?: string;
  /** jobs of one name run at most this many at a time in this process (default 4) */
  concurrency?: number;
  logger?: JobLogger;
}

const HEALTH_TIMEOUT_MS = 2_000;
/** completed and failed jobs are kept a while so a repeated job id is still recognised */
const KEEP_COMPLETED = { age: 24 * 3600, count: 1000 };
const KEEP_FAILED = { age: 7 * 24 * 3600, count: 1000 };
/** marks ids we encoded, so BullMQ's own ids (numbers, "repeat:…") pass through untouched */
const ID_PREFIX = 'id-';

/**
 * BullMQ refuses ids and queue names containing ":" and integer-looking job ids; the port accepts
 * any string, so ids are escaped reversibly.
 */
function escape(value: string): string {
  return value.replaceAll('%', '%25').replaceAll(':', '%3A');
}

function unescape(value: string): string {
  return value.replaceAll('%3A', ':').replaceAll('%25', '%');
}

function portJobId(bullId: string | undefined): string {
  if (!bullId) return '';
  return bullId.startsWith(ID_PREFIX) ? unescape(bullId.slice(ID_PREFIX.length)) : bullId;
}

function retryOptions(attempts: number | undefined, backoff: Backoff | undefined): JobsOptions {
  return {
    attempts: attempts ?? 1,
    ...(backoff && { backoff: { type: backoff.type, delay: backoff.delayMs } }),
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
  };
}

/**
 * A Redis that refuses the first connection fails the boot with a clear error (compose waits for
 * a healthy redis); once connected, ioredis reconnects for ever.
 */
async function connectProducer(redisUrl: string, logger: JobLogger): Promise<Redis> {
  let connected = false;
  let lastError = '';
  const connection = new Redis(redisUrl, {
    maxRetriesPerRequest: 3,
    lazyConnect: true,
    retryStrategy: (times) => (connected ? Math.min(times * 200, 2_000) : null),
  });
  connection.on('error', (error: Error) => {
    lastError = error.message;
    if (connected) logger.warn('redis connection error', { error: error.message });
  });
  try {
    await connection.connect();
  } catch {
    throw new Error(`jobs: cannot reach Redis at ${new URL(redisUrl).host} (${lastError || 'connection closed'})`);
  }
  connected = true;
  return connection;
}

export async function createBullMqJobQueue(options: BullMqJobQueueOptions): Promise<JobQueue> {
  const logger = options.logger ?? console;
  const prefix = options.prefix ?? 'bull';
  // Producers share one connection that fails fast; each Worker opens its own blocking ones.
  const connection = await connectProducer(options.redisUrl, logger);
  const handlers = new Map<string, JobHandler<unknown>>();
  const queues = new Map<string, Queue>();
  const workers = new Map<string, Worker>();
  let started = false;
  let closing: Promise<void> | undefined;

  function queueFor(name: string): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(escape(name), { connection, prefix });
      queue.on('error', (error: Error) => logger.warn('job queue error', { name, error: error.message }));
      queues.set(name, queue);
    }
    return queue;
  }

  async function startWorker(name: string, handler: JobHandler<unknown>): Promise<void> {
    const processor = async (job: Job): Promise<void> =>
      handler(job.data, { jobId: portJobId(job.id), attempt: job.attemptsMade + 1 });
    const worker = new Worker(escape(name), processor, {
      connection: { url: options.redisUrl, maxRetriesPerRequest: null },
      prefix,
      concurrency: options.concurrency ?? 4,
    });
    worker.on('error', (error: Error) => logger.warn('job worker error', { name, error: error.message }));
    worker.on('failed', (job: Job | undefined, error: Error) => {
      if (!job || job.attemptsMade < (job.opts.attempts ?? 1)) return;
      logger.error('job failed after its last attempt', {
        name,
        jobId: portJobId(job.id),
        attempts: job.attemptsMade,
        error: error.message,
      });
    });
    workers.set(name, worker);
    await worker.waitUntilReady();
  }

  return {
    adapter: 'bullmq',
    register<P>(name: string, handler: JobHandler<P>): void {
      if (handlers.has(name)) throw new Error(`a handler for job "${name}" is already registered`);
      // The payload is whatever was enqueued under this name: the caller's P.
      handlers.set(name, handler as JobHandler<unknown>);
      if (!started) return;
      startWorker(name, handler as JobHandler<unknown>).catch((error: unknown) =>
        logger.error('job worker did not start', {
          name,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
    async enqueue<P>(name: string, payload: P, enqueueOptions: EnqueueOptions = {}): Promise<void> {
      const { jobId, delayMs, attempts, backoff } = enqueueOptions;
      await queueFor(name).add(name, payload, {
        ...retryOptions(attempts, backoff),
        ...(jobId !== undefined && { jobId: ID_PREFIX + escape(jobId) }),
        ...(delayMs && { delay: delayMs }),
      });
    },
    async repeat<P>(name: string, payload: P, repeatOptions: RepeatOptions): Promise<void> {
      const { scheduleId, everyMs, attempts, backoff } = repeatOptions;
      await queueFor(name).upsertJobScheduler(
        escape(scheduleId),
        { every: everyMs },
        { name, data: payload, opts: retryOptions(attempts, backoff) },
      );
    },
    async removeRepeat(name: string, scheduleId: string): Promise<void> {
      await queueFor(name).removeJobScheduler(escape(scheduleId));
    },
    async start(): Promise<void> {
      if (started) return;
      started = true;
      await Promise.all([...handlers].map(([name, handler]) => startWorker(name, handler)));
    },
    async stats() {
      const names = new Set([...handlers.keys(), ...queues.keys()]);
      return Promise.all(
        [...names].map(async (job) => {
          const counts = await queueFor(job).getJobCounts('waiting', 'delayed', 'prioritized', 'failed');
          return {
            job,
            waiting: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
            failed: counts.failed ?? 0,
          };
        }),
      );
    },
    async health(): Promise<AdapterHealth> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no PONG within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
      });
      try {
        await Promise.race([connection.ping(), timeout]);
        return { adapter: 'bullmq', ok: true };
      } catch (error) {
        return { adapter: 'bullmq', ok: false, detail: error instanceof Error ? error.message : String(error) };
      } finally {
        clearTimeout(timer);
      }
    },
    close(): Promise<void> {
      closing ??= (async () => {
        // Workers first: they finish their active jobs, which may still enqueue through the queues.
        await Promise.all([...workers.values()].map((worker) => worker.close()));
        await Promise.all([...queues.values()].map((queue) => queue.close()));
        await connection.quit().catch(() => connection.disconnect());
      })();
      return closing;
    },
  };
}
