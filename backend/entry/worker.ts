/** docker compose `worker` service: processes scheduled and slow jobs; pushes through the Redis adapter. */
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import { startHeartbeat } from '../platform/process/heartbeat';
import { onShutdown, runMain } from '../platform/process/shutdown';
import { startWorker } from './roles';
import { openRuntime } from './runtime';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { role: 'worker' });
  const runtime = await openRuntime(config, logger, { roles: ['worker'] });
  const worker = await startWorker(runtime);
  logger.info('worker running', { jobs: runtime.infra.jobs.adapter });
  const stopHeartbeat = startHeartbeat(config.dataDir, [() => runtime.infra.eventStore.health(), () => runtime.infra.jobs.health()]);
  onShutdown(logger, async () => {
    stopHeartbeat();
    await worker.stop();
    await runtime.close();
  });
}

runMain(main);
