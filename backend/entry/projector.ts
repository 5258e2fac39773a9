/** docker compose `projector` service: builds the read models and pushes changes through the Redis adapter. */
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import { startHeartbeat } from '../platform/process/heartbeat';
import { onShutdown, runMain } from '../platform/process/shutdown';
import { startProjector } from './roles';
import { openRuntime } from './runtime';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { role: 'projector' });
  const runtime = await openRuntime(config, logger, { roles: ['projector'] });
  const projector = await startProjector(runtime);
  logger.info('projector running', { checkpoints: projector.status() });
  const stopHeartbeat = startHeartbeat(config.dataDir, [() => runtime.infra.eventStore.health(), () => runtime.infra.readModels.health()]);
  onShutdown(logger, async () => {
    stopHeartbeat();
    await projector.stop();
    await runtime.close();
  });
}

runMain(main);
