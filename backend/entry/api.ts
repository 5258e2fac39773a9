/** docker compose `api` service: HTTP commands + queries + Socket.IO (no projections, no jobs processing). */
import { loadConfig } from '../platform/config/config';
import { seedDemoOnce } from '../platform/demo-seed';
import { createLogger } from '../platform/logging/logger';
import { onShutdown, runMain } from '../platform/process/shutdown';
import { startApi } from './roles';
import { openRuntime } from './runtime';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { role: 'api' });
  const runtime = await openRuntime(config, logger, { http: true, roles: ['api'] });
  const admin = await runtime.modules.commands!.admins.ensureSuperadmin({ username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD });
  if (admin.created && admin.generatedPassword) {
    process.stdout.write(`admin "${admin.username}" created; generated password (shown once): ${admin.generatedPassword}\n`);
  }
  if (config.SEED_DEMO) await seedDemoOnce(runtime.ports.eventStore, runtime.ports.now, runtime.sides.commands);
  const api = await startApi(runtime, { serveFrontend: true });
  logger.info('api listening', { port: api.port });
  onShutdown(logger, () => runtime.close());
}

runMain(main);
