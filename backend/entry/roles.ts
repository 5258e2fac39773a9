import path from 'node:path';
import { seedDemoOnce } from '../kernel/demo-seed';
import { createHttpApp, listen } from '../platform/http/app';
import { adapterChecks, platformRouter } from '../platform/http/platform-routes';
import type { JobHandler } from '../platform/jobs/port';
import { projectorHealth } from '../kernel/projections/health';
import { createProjectionRunner, type ProjectionDefinition, type ProjectionRunner } from '../kernel/projections/runner';
import type { StoredEvent } from '../platform/eventstore/port';
import { recordedEvents, type RecordedEvent } from '../platform/recorded-event';
import type { Runtime } from './runtime';

const FRONTEND_DIST = path.resolve(__dirname, '../../frontend/dist');
const unique = <T>(items: T[]) => [...new Set(items)];

/** Koa commands + queries + Socket.IO; `projector`: this process's own, starting after it (/api/health: 'starting' until caught up). */
export async function startApi(
  runtime: Runtime,
  options: { serveFrontend: boolean; projector?: () => ProjectionRunner | undefined },
) {
  const { config, infra, realtime, http } = runtime;
  if (!http) throw new Error('startApi needs a runtime opened with { http: true }');
  const checks = {
    ...adapterChecks(infra, realtime),
    ...(options.projector && { projections: projectorHealth(options.projector) }),
  };
  const app = createHttpApp({
    logger: runtime.logger,
    production: config.production,
    proxy: config.TRUST_PROXY,
    bodyLimit: config.BODY_LIMIT,
    staticDir: options.serveFrontend ? FRONTEND_DIST : undefined,
    routers: [
      platformRouter(runtime.ports.sessions, checks, config.PUBLIC_URL),
      ...unique([...runtime.sides.commands, ...runtime.sides.reads]).flatMap((side) => side.routers ?? []),
    ],
  });
  http.serve(app.callback());
  return { port: await listen(http.server, config.PORT, config.HOST) };
}

/** A subscription from the projections' checkpoints (the projector's with the read models' snapshots); after each batch, `pushes`. */
function runner(
  runtime: Runtime,
  component: 'projector' | 'reactions',
  projections: ProjectionDefinition[],
  pushes?: (events: RecordedEvent[]) => Promise<void>,
) {
  const { infra, logger } = runtime;
  const snapshots = component === 'projector' ? infra.snapshots : undefined;
  const onApplied = pushes && ((events: StoredEvent[]) => pushes(recordedEvents(events)));
  return createProjectionRunner({
    eventStore: infra.eventStore,
    readModels: infra.readModels,
    projections,
    onApplied,
    logger: logger.child({ component }),
    snapshots,
  });
}

const reactionsOf = (runtime: Runtime) => unique(runtime.sides.workers).flatMap((side) => side.reactions ?? []);

/**
 * The read sides' projections and pushes; in a process that is also the worker, its reactions after each
 * batch's read models (docs/architecture.md#processes). `readModelsOnly`: a rebuild, not started.
 */
export async function startProjector(runtime: Runtime, options: { readModelsOnly?: boolean } = {}) {
  const reads = unique(runtime.sides.reads);
  const projections = [
    ...reads.flatMap((side) => side.projections ?? []),
    ...(options.readModelsOnly ? [] : reactionsOf(runtime)),
  ];
  const projector = runner(
    runtime,
    'projector',
    projections,
    options.readModelsOnly
      ? undefined
      : async (events) => {
          // side by side (each reads its own read models); a failed push must not stop the others' (clients refetch on reconnect anyway)
          await Promise.all(
            reads.map((side) =>
              side
                .pushes?.(events)
                .catch((error: unknown) => runtime.logger.error('pushes failed', { module: side.name, error })),
            ),
          );
        },
  );
  runtime.operations.lifecycle.addChecks({ projections: projectorHealth(() => projector) });
  if (!options.readModelsOnly) await projector.start();
  return projector;
}

/** The worker sides' job processors on the queue, their reactions (unless the projector of this process runs them), then their start. */
export async function startWorker(runtime: Runtime): Promise<{ stop(): Promise<void> }> {
  for (const job of unique(runtime.sides.workers).flatMap((side) => side.jobs ?? []))
    runtime.infra.jobs.register(job.name, job.handle as JobHandler<unknown>);
  await runtime.infra.jobs.start();
  const reactions =
    !runtime.roles.includes('projector') && reactionsOf(runtime).length > 0
      ? runner(runtime, 'reactions', reactionsOf(runtime))
      : undefined;
  await reactions?.start();
  for (const side of unique(runtime.sides.workers)) await side.start?.();
  return { stop: async () => reactions?.stop() };
}

/** What the first start does (again a no-op after): the superadmin, and the demo catalogue when `SEED_DEMO`. */
export async function firstStart(runtime: Runtime) {
  const { config, ports } = runtime;
  const admin = await runtime.modules.commands!.admins.ensureSuperadmin({
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
  });
  const seeded = config.SEED_DEMO
    ? await seedDemoOnce(ports.eventStore, ports.clock.now, runtime.sides.commands)
    : false;
  return { admin, seeded };
}
