/**
 * The process's Prometheus metrics (docs/architecture.md#operations): one registry per process, served
 * on METRICS_PORT only. Labels name kinds (a route template, a job, a projection), never an id.
 * Gauges read their sources when scraped: a runtime adds its sources and removes them when it closes.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();

let nodeDefaultsCollected = false;
/**
 * Node's own figures (CPU, heap, GC, event-loop lag) join the registry when the process starts
 * serving it (`startMetricsServer`), not when this module loads: prom-client's collectors never
 * stop (a GC observer and a 10 ms event-loop timer), so an app started in a test, which serves no
 * metrics, would leave them running, and each of a test worker's files kept its whole module graph
 * alive through them (docs/architecture.md#tests).
 */
export function collectNodeDefaults(): void {
  if (nodeDefaultsCollected) return;
  nodeDefaultsCollected = true;
  collectDefaultMetrics({ register: registry });
}

const seconds = (name: string, help: string, labelNames: string[], buckets: number[]) =>
  new Histogram({ name, help, labelNames, buckets, registers: [registry] });
const LATENCY = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = seconds(
  'http_request_duration_seconds',
  'HTTP requests by method, route template and status',
  ['method', 'route', 'status'],
  LATENCY,
);
export const appendDuration = seconds(
  'aura_eventstore_append_duration_seconds',
  'Event store appends',
  ['adapter'],
  LATENCY,
);
export const eventsPerAppend = new Histogram({
  name: 'aura_eventstore_events_per_append',
  help: 'Events written by one append',
  labelNames: ['adapter'],
  buckets: [1, 2, 3, 5, 10, 25, 50, 100, 500],
  registers: [registry],
});
// `kind`, not `job`: Prometheus names the scrape target `job`
export const jobDuration = seconds(
  'aura_job_duration_seconds',
  'Jobs run by this process, by job kind and outcome',
  ['kind', 'outcome'],
  [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300],
);
export const billingLateness = seconds(
  'aura_billing_minute_lateness_seconds',
  'How late a private session minute was billed after it was due',
  [],
  [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
);
export const payoutRunDuration = seconds(
  'aura_payout_run_duration_seconds',
  'Payout runs, by outcome',
  ['outcome'],
  [0.1, 0.5, 1, 5, 15, 60, 300, 900],
);
/** requests answered 503 because an engine (PostgreSQL, Redis) was out of reach: the outage, seen from the api */
export const adapterOutages = new Counter({
  name: 'aura_adapter_unavailable_total',
  help: 'Requests answered 503 because PostgreSQL or Redis was out of reach',
  registers: [registry],
});
/** connections to an engine lost (Redis closed, an idle PostgreSQL client cut): an outage shows here even when no request met it */
export const adapterDisconnects = new Counter({
  name: 'aura_adapter_disconnects_total',
  help: 'Connections to PostgreSQL or Redis lost',
  labelNames: ['adapter'],
  registers: [registry],
});
export const payoutRuns = new Counter({
  name: 'aura_payout_runs_total',
  help: 'Payout runs executed, by outcome',
  labelNames: ['outcome'],
  registers: [registry],
});

export interface ProjectionLag {
  projection: string;
  events: number;
  seconds: number;
}
export interface JobCounts {
  job: string;
  waiting: number;
  running: number;
  failed: number;
}

const sources = {
  projections: new Set<() => Promise<ProjectionLag[]>>(),
  jobs: new Set<() => Promise<JobCounts[]>>(),
  sockets: new Set<() => number>(),
  sessions: new Set<() => Promise<number>>(),
  ready: new Set<() => boolean>(),
};
export type MetricSources = { [K in keyof typeof sources]: (typeof sources)[K] extends Set<infer F> ? F : never };

/** Adds what the gauges read when scraped; the answer removes them again (a closed runtime). */
export function addMetricSource<K extends keyof MetricSources>(kind: K, source: MetricSources[K]): () => void {
  (sources[kind] as Set<MetricSources[K]>).add(source);
  return () => void (sources[kind] as Set<MetricSources[K]>).delete(source);
}

/** Sources that fail to answer leave their gauges out of this scrape rather than failing it. */
async function gather<T>(set: Set<() => T | Promise<T>>): Promise<T[]> {
  const results = await Promise.allSettled([...set].map(async (source) => source()));
  return results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}

const gauge = (name: string, help: string, labelNames: string[], collect: (self: Gauge) => Promise<void>) =>
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      await collect(this);
    },
  });

gauge(
  'aura_projection_lag_events',
  'Events of the log a projection has not applied yet',
  ['projection'],
  async (self) => {
    for (const lag of (await gather(sources.projections)).flat()) self.set({ projection: lag.projection }, lag.events);
  },
);
gauge(
  'aura_projection_lag_seconds',
  'Age of the oldest event a projection has not applied yet (0 when caught up)',
  ['projection'],
  async (self) => {
    for (const lag of (await gather(sources.projections)).flat()) self.set({ projection: lag.projection }, lag.seconds);
  },
);
for (const [state, name] of [
  ['waiting', 'aura_jobs_waiting'],
  ['running', 'aura_jobs_running'],
  ['failed', 'aura_jobs_failed'],
] as const) {
  gauge(name, `Jobs ${state}, by job kind`, ['kind'], async (self) => {
    for (const counts of (await gather(sources.jobs)).flat()) self.inc({ kind: counts.job }, counts[state]);
  });
}
gauge('aura_socketio_connections', 'Socket.IO connections to this process', [], async (self) => {
  self.set((await gather(sources.sockets)).reduce((sum, count) => sum + count, 0));
});
gauge('aura_private_sessions_running', 'Private sessions running now', [], async (self) => {
  const counts = await gather(sources.sessions);
  if (counts.length > 0) self.set(Math.max(...counts));
});
gauge('aura_process_ready', '1 while the process is ready (GET /readyz answers 200)', [], async (self) => {
  const states = await gather(sources.ready);
  self.set(states.length > 0 && states.every(Boolean) ? 1 : 0);
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
type Observer = ReturnType<typeof httpRequestDuration.labels>;
const observers = new Map<string, Observer>();

/** One request's duration; the labelled child is looked up once per method, route and status. */
export function observeRequest(method: string, route: string, status: number, durationSeconds: number): void {
  const known = METHODS.has(method) ? method : 'OTHER';
  const key = `${known} ${status} ${route}`;
  let observer = observers.get(key);
  if (!observer) {
    observer = httpRequestDuration.labels({ method: known, route, status: String(status) });
    observers.set(key, observer);
  }
  observer.observe(durationSeconds);
}
