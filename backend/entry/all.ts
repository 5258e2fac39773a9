/** `npm start`: api + projector + worker in one process on the configured (by default embedded) adapters. */
import { adapterChoice, loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import { openInfrastructure } from './infrastructure';
import { startApi, startProjector, startWorker } from './roles';
import { ensureSuperadmin, seedDemoData } from './seed';
import { onShutdown, runMain } from './shutdown';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const infra = await openInfrastructure(config, logger);
  const now = () => new Date();
  const admin = await ensureSuperadmin(infra.eventStore, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD, now });
  const seeded = config.SEED_DEMO ? await seedDemoData(infra.eventStore, now) : false;
  const api = await startApi({ config, logger, infra, serveFrontend: true });
  const projector = await startProjector({ config, logger, infra, realtime: api.realtime });
  await startWorker({ config, logger, infra });
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
    await api.close();
    await projector.stop();
    await infra.close();
  });
}

runMain(main);
