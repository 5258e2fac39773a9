/** docker compose `api` service: HTTP commands + queries + Socket.IO (no projections, no jobs processing). */
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import { openInfrastructure } from './infrastructure';
import { startApi } from './roles';
import { ensureSuperadmin, seedDemoData } from './seed';
import { onShutdown, runMain } from './shutdown';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { role: 'api' });
  const infra = await openInfrastructure(config, logger);
  const now = () => new Date();
  const admin = await ensureSuperadmin(infra.eventStore, { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD, now });
  if (admin.created && admin.generatedPassword) {
    process.stdout.write(`admin "${admin.username}" created; generated password (shown once): ${admin.generatedPassword}\n`);
  }
  if (config.SEED_DEMO) await seedDemoData(infra.eventStore, now);
  const api = await startApi({ config, logger, infra, serveFrontend: true });
  logger.info('api listening', { port: api.port });
  onShutdown(logger, async () => {
    await api.close();
    await infra.close();
  });
}

runMain(main);
