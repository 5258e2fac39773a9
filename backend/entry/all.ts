/** `npm start`: api + projector + worker in one process on the configured (by default embedded) adapters. */
import { adapterChoice } from '../platform/config/config';
import { startBanner } from '../platform/process/banner';
import { onShutdown, runMain } from '../platform/process/shutdown';
import type { ProjectionRunner } from '../kernel/projections/runner';
import { firstStart, startApi, startProjector, startWorker } from './roles';
import { ALL_ROLES, openProcess } from './runtime';

runMain(async () => {
  const runtime = await openProcess('all', ALL_ROLES, { http: true });
  const { admin, seeded } = await firstStart(runtime);
  // the api answers (/api/health says 'starting') while the projector restores and catches up
  let running: ProjectionRunner | undefined;
  const api = await startApi(runtime, { serveFrontend: true, projector: () => running });
  const projector = (running = await startProjector(runtime));
  // the worker's sweeps read the read models: on a half-replayed log every open session looks overdue
  // (thousands of needless ticks slowed a restart's catch-up ~4×); jobs enqueued meanwhile wait for it
  await projector.caughtUp();
  await startWorker(runtime);
  const { config } = runtime;
  process.stdout.write(
    startBanner({
      url: `http://localhost:${api.port}`,
      adapters: adapterChoice(config),
      dataDir: config.dataDir,
      seeded,
      admin,
    }),
  );
  runtime.operations.lifecycle.ready();
  onShutdown(runtime.logger, async () => {
    await runtime.operations.drain(); // the requests in flight may wait for the projector
    await projector.stop();
    await runtime.close();
  });
});
