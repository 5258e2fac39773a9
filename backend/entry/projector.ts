/** docker compose `projector` service: builds the read models and pushes changes through the Redis adapter. */
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import { createRealtime } from '../platform/realtime/realtime';
import { openInfrastructure } from './infrastructure';
import { startProjector } from './roles';
import { startHeartbeat } from './heartbeat';
import { onShutdown, runMain } from './shutdown';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { role: 'projector' });
  const infra = await openInfrastructure(config, logger);
  const realtime = createRealtime({ logger, redisUrl: config.REDIS_URL });
  const projector = await startProjector({ config, logger, infra, realtime });
  logger.info('projector running', { checkpoints: projector.status() });
  const stopHeartbeat = startHeartbeat(config.dataDir, [() => infra.eventStore.health(), () => infra.readModels.health()]);
  onShutdown(logger, async () => {
    stopHeartbeat();
    await projector.stop();
    await realtime.close();
    await infra.close();
  });
}

runMain(main);
