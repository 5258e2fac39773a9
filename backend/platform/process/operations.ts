import type { Config } from '../config/config';
import { deferredHttpServer, listen, type ApiServer } from '../http/app';
import type { AdapterHealth } from '../eventstore/port';
import type { Logger } from '../logging/logger';
import { addMetricSource } from '../metrics/metrics';
import { startMetricsServer } from '../metrics/server';
import { startHeartbeat } from './heartbeat';
import { Lifecycle } from './lifecycle';

type Adapters = Record<'eventStore' | 'readModels' | 'jobs' | 'kv', { health(): Promise<AdapterHealth> }>;
type Sockets = { connectedSockets(): number; drain(): void };

/** What a process shows operators (docs/architecture.md#operations): its phase, its HTTP server, its metrics port. */
export interface Operations {
  /** starting, ready, draining: GET /readyz */
  lifecycle: Lifecycle;
  /** the api's server (Socket.IO attached; `serve` plugs the Koa app in); listening already when a process entry opened it */
  http?: ApiServer;
  metricsPort?: number;
  /** the runtime's adapters are /readyz's checks, its sockets a gauge and what `drain` sends elsewhere */
  attach(adapters: Adapters, sockets: Sockets): void;
  /**
   * SIGTERM's first step: /readyz says 503 `draining`, the server takes no new connection, every socket
   * is told to reconnect (elsewhere), and the requests in flight finish (at most SHUTDOWN_DRAIN_MS).
   */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opened first, before the adapters. `listen` (a process entry): the public port (the api) and
 * METRICS_PORT answer /livez at once, and /readyz says 503 `starting` until the entry calls
 * `lifecycle.ready()`; a process without a public port refreshes its heartbeat file while ready (a
 * health check without METRICS_PORT). A test's runtime listens later, on its own.
 */
export async function openOperations(
  config: Config,
  logger: Logger,
  options: { http: boolean; listen: boolean },
): Promise<Operations> {
  const lifecycle = new Lifecycle();
  const removers = [addMetricSource('ready', () => lifecycle.phase() === 'ready')];
  const metrics =
    config.METRICS_PORT === undefined || !options.listen
      ? undefined
      : await startMetricsServer(config.METRICS_PORT, config.HOST, lifecycle);
  if (metrics) logger.info('metrics listening', { port: metrics.port });
  const http = options.http ? deferredHttpServer(lifecycle) : undefined;
  if (http && options.listen) logger.info('listening', { port: await listen(http.server, config.PORT, config.HOST) });
  const stopHeartbeat =
    options.http || !options.listen
      ? undefined
      : startHeartbeat(config.dataDir, [
          async () => ({ adapter: 'process', ok: (await lifecycle.readiness()).status === 200 }),
        ]);
  let sockets: Sockets | undefined;
  let draining: Promise<void> | undefined;
  return {
    lifecycle,
    http,
    metricsPort: metrics?.port,
    attach(adapters, attached) {
      sockets = attached;
      removers.push(addMetricSource('sockets', () => attached.connectedSockets()));
      lifecycle.addChecks({
        eventStore: () => adapters.eventStore.health(),
        readModels: () => adapters.readModels.health(),
        jobs: () => adapters.jobs.health(),
        keyValue: () => adapters.kv.health(),
      });
    },
    drain() {
      draining ??= (async () => {
        lifecycle.drain();
        sockets?.drain();
        if (!http) return;
        const inFlight = http.inFlight();
        const { cut } = await http.drain(config.SHUTDOWN_DRAIN_MS);
        // a request still in flight after SHUTDOWN_DRAIN_MS had its connection cut as well
        if (cut > 0) logger.warn('drained: connections still open were cut', { inFlight, left: http.inFlight(), cut });
        else logger.info('drained', { inFlight });
      })();
      return draining;
    },
    async close() {
      stopHeartbeat?.();
      for (const remove of removers) remove();
      if (metrics?.server.listening) await new Promise<void>((resolve) => metrics.server.close(() => resolve()));
    },
  };
}
