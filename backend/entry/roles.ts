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
    routers: [platformRouter(runtime.ports.sessions, checks), ...runtime.all.flatMap((module) => module.routers ?? [])],
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

/** Subscribes every module's projections from its checkpoint; after each batch, the modules' pushes. */
export async function startProjector(runtime: Runtime, options: { readModelsOnly?: boolean } = {}) {
  const projections = runtime.all.flatMap((module) => module.projections ?? []);
  const runner = createProjectionRunner({
    eventStore: runtime.infra.eventStore,
    readModels: runtime.infra.readModels,
    // reactions append events: a rebuild replays read models only
    projections: options.readModelsOnly ? projections.filter((projection) => !projection.name.startsWith('reaction:')) : projections,
    onApplied: options.readModelsOnly ? undefined : async (events) => {
      const typed = recordedEvents(events);
      for (const module of runtime.all) {
        // a failed push must not stop the others' (clients refetch on reconnect anyway)
        await module.pushes?.(typed).catch((error: unknown) => runtime.logger.error('pushes failed', { module: module.name, error }));
      }
    },
    logger: runtime.logger.child({ component: 'projector' }),
    snapshots: runtime.infra.snapshots,
  });
  if (!options.readModelsOnly) await runner.start();
  return runner;
}

/** Registers every module's job processors on the queue and starts it; then the modules' own start. */
export async function startWorker(runtime: Runtime) {
  for (const job of runtime.all.flatMap((module) => module.jobs ?? [])) runtime.infra.jobs.register(job.name, job.handle as JobHandler<unknown>);
  await runtime.infra.jobs.start();
  for (const module of runtime.all) await module.start?.();
}
