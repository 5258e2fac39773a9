/** `npm start`: api + projector + worker in one process on the configured (by default embedded) adapters. */
import { adapterChoice, loadConfig } from '../platform/config/config';
import { seedDemoOnce } from '../platform/demo-seed';
import { createLogger } from '../platform/logging/logger';
import { onShutdown, runMain } from '../platform/process/shutdown';
import type { ProjectionRunner } from '../platform/projections/runner';
import { startApi, startProjector, startWorker } from './roles';
import { openRuntime } from './runtime';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const runtime = await openRuntime(config, logger, { http: true });
  const admin = await runtime.modules.commands!.admins.ensureSuperadmin({ username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD });
  const seeded = config.SEED_DEMO ? await seedDemoOnce(runtime.ports.eventStore, runtime.ports.now, runtime.sides.commands) : false;
  // the api answers (/api/health says 'starting') while the projector restores and catches up
  let running: ProjectionRunner | undefined;
  const api = await startApi(runtime, { serveFrontend: true, projector: () => running });
  const projector = (running = await startProjector(runtime));
  await startWorker(runtime);
  await projector.caughtUp();

  const url = `http://localhost:${api.port}`;
  const lines = [
    '',
    `  Aura is running at ${url}`,
    `  adapters: ${Object.entries(adapterChoice(config)).map(([port, adapter]) => `${port}=${adapter}`).join(', ')}`,
    `  data: ${config.dataDir}${seeded ? ' (demo data seeded)' : ''}`,
    `  admin login (${url}/admin): username "${admin.username}"`,
    admin.created && admin.generatedPassword
      ? `  admin password (generated, shown only this once): ${admin.generatedPassword}`
      : admin.created
        ? '  admin password: as set in ADMIN_PASSWORD'
        : '  admin password: as set on first start (ADMIN_PASSWORD or the one printed then)',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  onShutdown(logger, async () => {
    await projector.stop();
    await runtime.close();
  });
}

runMain(main);
