/** docker compose `worker` service: processes scheduled and slow jobs. */
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import { openInfrastructure } from './infrastructure';
import { startWorker } from './roles';
import { startHeartbeat } from './heartbeat';
import { onShutdown, runMain } from './shutdown';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { role: 'worker' });
  const infra = await openInfrastructure(config, logger);
  await startWorker({ config, logger, infra });
  logger.info('worker running', { jobs: infra.jobs.adapter });
  const stopHeartbeat = startHeartbeat(config.dataDir, [() => infra.eventStore.health(), () => infra.jobs.health()]);
  onShutdown(logger, async () => {
    stopHeartbeat();
    await infra.close();
  });
}

runMain(main);
