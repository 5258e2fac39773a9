/**
 * The embedded jobs adapter: timers and an in-memory queue in this process. Same observable
 * behaviour as BullMQ (jobs.contract.ts) except durability: pending jobs die with the process.
 */
import { randomUUID } from 'node:crypto';
import { systemClock, type CancelTimer, type Clock } from '../clock';
import type { AdapterHealth } from '../eventstore/port';
import type { Backoff, EnqueueOptions, JobHandler, JobLogger, JobQueue, RepeatOptions } from './port';

const CONCURRENCY = 4;
/** finished ids still deduplicated, like BullMQ keeping recent completed/failed jobs */
const REMEMBERED_FINISHED = 1000;
const KEPT_FAILED = 100;

export interface FailedJob {
  jobId: string;
  name: string;
  payload: unknown;
  attempts: number;
  error: string;
  failedAt: number;
}

export interface InProcessJobQueue extends JobQueue {
  /** jobs that failed their last attempt, oldest first (at most the last 100) */
  failed(): readonly FailedJob[];
  /** jobs enqueued and not finished yet (waiting, delayed, running or to be retried) */
  pending(): number;
  /** when (the clock's ms) the last delayed job or retry is due, 0 when none waits for its time */
  lastDueAt(): number;
  /** resolves once no job is ready or running (delayed ones and retries wait for their time) */
  idle(): Promise<void>;
}

interface PendingJob {
  id: string;
  name: string;
  payload: unknown;
  /** 1-based attempt this run will be */
  attempt: number;
  attempts: number;
  backoff?: Backoff;
}

export function retryDelayMs(backoff: Backoff | undefined, failedAttempt: number): number {
  if (!backoff) return 0;
  return backoff.type === 'fixed' ? backoff.delayMs : backoff.delayMs * 2 ** (failedAttempt - 1);
}

/** Handlers get what BullMQ would give them: the payload after a JSON round trip. */
function detach(payload: unknown): unknown {
  return payload === undefined ? undefined : JSON.parse(JSON.stringify(payload));
}

/** `clock`: delays, retries and repeats wait on its time (a test's clock fires them when advanced) */
export function createInProcessJobQueue(options: { clock?: Clock; logger?: JobLogger } = {}): InProcessJobQueue {
  const clock = options.clock ?? systemClock;
  const now = clock.nowMs;
  const logger = options.logger ?? console;
  const handlers = new Map<string, JobHandler<unknown>>();
  const ready: PendingJob[] = [];
  /** job id → name */
  const unfinished = new Map<string, string>();
  const runningByName = new Map<string, number>();
  const finished = new Set<string>();
  const failedJobs: FailedJob[] = [];
  /** delayed jobs and retries, with the time each is due */
  const timers = new Map<CancelTimer, number>();
  const schedules = new Map<string, CancelTimer>();
  const active = new Set<Promise<void>>();
  let repeatRuns = 0;
  let started = false;
  let closed = false;

  function later(ms: number, action: () => void): void {
    if (closed) return; // a job failing while close() waits for it must not schedule a retry
    const cancel = clock.after(ms, () => {
      timers.delete(cancel);
      action();
    });
    timers.set(cancel, now() + ms);
  }

  function makeReady(job: PendingJob): void {
    ready.push(job);
    drain();
  }

  function drain(): void {
    while (started && !closed && active.size < CONCURRENCY) {
      const index = ready.findIndex((job) => handlers.has(job.name));
      const job = ready[index];
      const handler = job && handlers.get(job.name);
      if (!job || !handler) return;
      // shift() is O(1) on V8's arrays, splice(0, 1) is not: thousands of jobs queue up during a replay
      if (index === 0) ready.shift();
      else ready.splice(index, 1);
      const run = execute(job, handler).finally(() => {
        active.delete(run);
        drain();
      });
      active.add(run);
    }
  }

  async function execute(job: PendingJob, handler: JobHandler<unknown>): Promise<void> {
    runningByName.set(job.name, (runningByName.get(job.name) ?? 0) + 1);
    try {
      await handler(job.payload, { jobId: job.id, attempt: job.attempt });
      finish(job.id);
    } catch (error) {
      if (job.attempt < job.attempts) {
        later(retryDelayMs(job.backoff, job.attempt), () => makeReady({ ...job, attempt: job.attempt + 1 }));
        return;
      }
      finish(job.id);
      const message = error instanceof Error ? error.message : String(error);
      failedJobs.push({
        jobId: job.id,
        name: job.name,
        payload: job.payload,
        attempts: job.attempt,
        error: message,
        failedAt: now(),
      });
      if (failedJobs.length > KEPT_FAILED) failedJobs.shift();
      logger.error('job failed after its last attempt', {
        name: job.name,
        jobId: job.id,
        attempts: job.attempt,
        error: message,
      });
    } finally {
      runningByName.set(job.name, (runningByName.get(job.name) ?? 1) - 1);
    }
  }

  function finish(id: string): void {
    unfinished.delete(id);
    finished.add(id);
    if (finished.size > REMEMBERED_FINISHED) {
      const oldest = finished.values().next().value;
      if (oldest !== undefined) finished.delete(oldest);
    }
  }

  function add(name: string, payload: unknown, options: EnqueueOptions): void {
    if (closed) throw new Error('job queue is closed');
    const id = options.jobId ?? randomUUID();
    if (unfinished.has(id) || finished.has(id)) return;
    unfinished.set(id, name);
    const job: PendingJob = {
      id,
      name,
      payload: detach(payload),
      attempt: 1,
      attempts: options.attempts ?? 1,
      backoff: options.backoff,
    };
    if (options.delayMs && options.delayMs > 0) later(options.delayMs, () => makeReady(job));
    else makeReady(job);
  }

  return {
    adapter: 'in-process',
    register<P>(name: string, handler: JobHandler<P>): void {
      if (handlers.has(name)) throw new Error(`a handler for job "${name}" is already registered`);
      // The payload is whatever was enqueued under this name: the caller's P.
      handlers.set(name, handler as JobHandler<unknown>);
      drain();
    },
    async enqueue<P>(name: string, payload: P, options: EnqueueOptions = {}): Promise<void> {
      add(name, payload, options);
    },
    async repeat<P>(name: string, payload: P, options: RepeatOptions): Promise<void> {
      if (closed) throw new Error('job queue is closed');
      const key = JSON.stringify([name, options.scheduleId]);
      schedules.get(key)?.();
      let waitingId: string | undefined;
      const fire = (): void => {
        // Like a BullMQ job scheduler: at most one run waits per schedule, so ticks never pile up.
        if (waitingId && ready.some((job) => job.id === waitingId)) return;
        waitingId = `repeat:${options.scheduleId}:${++repeatRuns}`;
        add(name, payload, { jobId: waitingId, attempts: options.attempts, backoff: options.backoff });
      };
      schedules.set(key, clock.every(options.everyMs, fire));
      fire();
    },
    async removeRepeat(name: string, scheduleId: string): Promise<void> {
      const key = JSON.stringify([name, scheduleId]);
      schedules.get(key)?.();
      schedules.delete(key);
    },
    async start(): Promise<void> {
      if (closed) throw new Error('job queue is closed');
      started = true;
      drain();
    },
    async stats() {
      const names = new Set([...unfinished.values(), ...failedJobs.map((job) => job.name)]);
      return [...names].map((job) => ({
        job,
        waiting: [...unfinished.values()].filter((name) => name === job).length - (runningByName.get(job) ?? 0),
        failed: failedJobs.filter((failed) => failed.name === job).length,
      }));
    },
    async health(): Promise<AdapterHealth> {
      const detail = `${ready.length} ready, ${active.size} active, ${failedJobs.length} failed`;
      return { adapter: 'in-process', ok: !closed, detail: closed ? 'closed' : detail };
    },
    async close(): Promise<void> {
      closed = true;
      for (const cancel of timers.keys()) cancel();
      for (const cancel of schedules.values()) cancel();
      timers.clear();
      schedules.clear();
      ready.length = 0;
      await Promise.allSettled([...active]);
    },
    failed: () => [...failedJobs],
    pending: () => unfinished.size,
    lastDueAt: () => Math.max(0, ...timers.values()),
    async idle() {
      for (;;) {
        const runnable = started && !closed && ready.some((job) => handlers.has(job.name));
        if (active.size === 0 && !runnable) return;
        await Promise.allSettled([...active]);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
  };
}
