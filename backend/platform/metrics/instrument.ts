/** The adapters as a process uses them, measured and logged (docs/architecture.md#operations). */
import type { EventStore } from '../eventstore/port';
import type { JobHandler, JobQueue } from '../jobs/port';
import { logContext, withLogContext } from '../logging/context';
import type { Logger } from '../logging/logger';
import { addMetricSource, appendDuration, eventsPerAppend, jobDuration } from './metrics';

/** Times every append and counts its events (the store itself, with its append measured). */
export function measureAppends(store: EventStore): EventStore {
  const append = store.appendToStream.bind(store);
  const duration = appendDuration.labels({ adapter: store.adapter });
  const size = eventsPerAppend.labels({ adapter: store.adapter });
  store.appendToStream = async (streamId, events, options) => {
    const started = performance.now();
    try {
      return await append(streamId, events, options);
    } finally {
      duration.observe((performance.now() - started) / 1000);
      size.observe(events.length);
    }
  };
  return store;
}

/** where a job's payload carries the request that caused it; taken off before its handler sees it */
const REQUEST_ID = '_requestId';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The queue with request ids carried into jobs: a job enqueued while a request (or a job) is handled
 * carries its `requestId`, and its run logs with it. Each run is timed per job kind and outcome and
 * logged; the running ones are counted, the waiting and failed ones read from the adapter when scraped.
 */
export function observeJobs(queue: JobQueue, logger: Logger): JobQueue & { removeMetrics(): void } {
  const running = new Map<string, number>();
  const log = logger.child({ component: 'jobs' });
  const removeMetrics = addMetricSource('jobs', async () => {
    const stats = (await queue.stats?.()) ?? [];
    const names = new Set([...stats.map((each) => each.job), ...running.keys()]);
    return [...names].map((job) => ({
      waiting: 0,
      failed: 0,
      ...stats.find((each) => each.job === job),
      job,
      running: running.get(job) ?? 0,
    }));
  });
  const tagged = <P>(payload: P): P => {
    const requestId = logContext()?.requestId;
    return requestId !== undefined && isRecord(payload) ? ({ ...payload, [REQUEST_ID]: requestId } as P) : payload;
  };
  return {
    get adapter() {
      return queue.adapter;
    },
    register<P>(name: string, handler: JobHandler<P>) {
      queue.register<P>(name, async (payload, context) => {
        let requestId: string | undefined;
        let given = payload;
        if (isRecord(payload) && typeof payload[REQUEST_ID] === 'string') {
          const { [REQUEST_ID]: carried, ...rest } = payload;
          requestId = carried as string;
          given = rest as P;
        }
        running.set(name, (running.get(name) ?? 0) + 1);
        const started = performance.now();
        await withLogContext(
          { ...(requestId !== undefined && { requestId }), job: name, jobId: context.jobId },
          async () => {
            const seconds = () => (performance.now() - started) / 1000;
            try {
              await handler(given, context);
              jobDuration.labels({ kind: name, outcome: 'completed' }).observe(seconds());
              log.info('job done', { attempt: context.attempt, ms: Math.round(seconds() * 1000) });
            } catch (error) {
              jobDuration.labels({ kind: name, outcome: 'failed' }).observe(seconds());
              log.warn('job attempt failed', { attempt: context.attempt, error });
              throw error;
            } finally {
              running.set(name, (running.get(name) ?? 1) - 1);
            }
          },
        );
      });
    },
    enqueue: (name, payload, options) => queue.enqueue(name, tagged(payload), options),
    repeat: (name, payload, options) => queue.repeat(name, payload, options),
    removeRepeat: (name, scheduleId) => queue.removeRepeat(name, scheduleId),
    start: () => queue.start(),
    stats: () => queue.stats?.() ?? Promise.resolve([]),
    health: () => queue.health(),
    close: async () => {
      removeMetrics();
      await queue.close();
    },
    removeMetrics,
  };
}
