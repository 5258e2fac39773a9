import path from 'node:path';
import { createHttpApp } from '../platform/http/app';
import { platformRouter, type HealthCheck } from '../platform/http/platform-routes';
import type { JobHandler } from '../platform/jobs/port';
import { createProjectionRunner, type ProjectionRunner } from '../platform/projections/runner';
import { recordedEvents } from '../platform/recorded-event';
import type { Runtime } from './runtime';

export const FRONTEND_DIST = path.resolve(__dirname, '../../frontend/dist');

export interface ApiOptions {
  serveFrontend: boolean;
  /**
   * The projector of this same process (npm start), which starts after the api: /api/health
   * answers 503 'starting' until it has caught up with the log (the read models would be behind).
   */
  projector?: () => ProjectionRunner | undefined;
}

/** Koa commands + queries + Socket.IO on the runtime's HTTP server; serves the built frontend when asked. */
export async function startApi(runtime: Runtime, options: ApiOptions) {
  const { config, infra, realtime, http } = runtime;
  if (!http) throw new Error('startApi needs a runtime opened with { http: true }');
  const checks = {
    eventStore: () => infra.eventStore.health(),
    readModels: () => infra.readModels.health(),
    jobs: () => infra.jobs.health(),
    keyValue: () => infra.kv.health(),
    realtime: async () => ({ adapter: realtime.adapter, ok: true, detail: `${realtime.connectedSockets()} sockets` }),
    ...(options.projector && { projections: projectorHealth(options.projector) }),
  };
  const app = createHttpApp({
    logger: runtime.logger,
    production: config.production,
    proxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
    staticDir: options.serveFrontend ? FRONTEND_DIST : undefined,
    routers: [platformRouter(runtime.ports.sessions, checks), ...unique([...runtime.sides.commands, ...runtime.sides.reads]).flatMap((side) => side.routers ?? [])],
  });
  http.serve(app.callback());
  await new Promise<void>((resolve, reject) => {
    http.server.once('error', reject);
    http.server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = http.server.address();
  return { port: typeof address === 'object' && address ? address.port : config.PORT };
}

/** The in-process projector as a health check: ready once it has caught up with the log it found. */
export function projectorHealth(projector: () => ProjectionRunner | undefined): HealthCheck {
  return async () => {
    const runner = projector();
    const { state, position, target } = runner?.state() ?? { state: 'idle', position: null };
    const at = position === null ? 'no event yet' : `position ${position}`;
    switch (state) {
      case 'live':
        return { adapter: 'in-process', ok: true, detail: `live at ${at}` };
      case 'failed':
        return { adapter: 'in-process', ok: false, detail: `stopped at ${at}: an event could not be applied` };
      case 'catching-up':
        return { adapter: 'in-process', ok: false, starting: true, detail: `catching up with the log: ${at}${target === undefined ? '' : ` of ${target}`}` };
      default:
        return { adapter: 'in-process', ok: false, starting: true, detail: runner ? 'not running' : 'restoring the read models' };
    }
  };
}

const unique = <T>(items: T[]) => [...new Set(items)];

/**
 * Subscribes every read side's projections from its checkpoint; after each batch, the read sides'
 * pushes. A process that is also the worker runs the worker sides' reactions in the same
 * subscription, after the read models of each batch (docs/architecture.md#processes).
 */
export async function startProjector(runtime: Runtime, options: { readModelsOnly?: boolean } = {}) {
  const reactions = options.readModelsOnly ? [] : workerReactions(runtime);
  const runner = createProjectionRunner({
    eventStore: runtime.infra.eventStore,
    readModels: runtime.infra.readModels,
    projections: [...unique(runtime.sides.reads).flatMap((side) => side.projections ?? []), ...reactions],
    onApplied: options.readModelsOnly ? undefined : async (events) => {
      const typed = recordedEvents(events);
      for (const side of unique(runtime.sides.reads)) {
        // a failed push must not stop the others' (clients refetch on reconnect anyway)
        await side.pushes?.(typed).catch((error: unknown) => runtime.logger.error('pushes failed', { module: side.name, error }));
      }
    },
    logger: runtime.logger.child({ component: 'projector' }),
    snapshots: runtime.infra.snapshots,
  });
  if (!options.readModelsOnly) await runner.start();
  return runner;
}

const workerReactions = (runtime: Runtime) => unique(runtime.sides.workers).flatMap((side) => side.reactions ?? []);

/**
 * Registers every worker side's job processors on the queue and starts it, then the sides' own
 * start. A worker that is not also the projector follows the log for its reactions itself.
 */
export async function startWorker(runtime: Runtime): Promise<{ stop(): Promise<void> }> {
  for (const job of unique(runtime.sides.workers).flatMap((side) => side.jobs ?? [])) runtime.infra.jobs.register(job.name, job.handle as JobHandler<unknown>);
  await runtime.infra.jobs.start();
  let reactions: ProjectionRunner | undefined;
  if (!runtime.roles.includes('projector') && workerReactions(runtime).length > 0) {
    reactions = createProjectionRunner({
      eventStore: runtime.infra.eventStore,
      readModels: runtime.infra.readModels,
      projections: workerReactions(runtime),
      logger: runtime.logger.child({ component: 'reactions' }),
    });
    await reactions.start();
  }
  for (const side of unique(runtime.sides.workers)) await side.start?.();
  return { stop: async () => reactions?.stop() };
}
