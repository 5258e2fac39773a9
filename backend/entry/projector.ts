/** docker compose `projector` service: builds the read models and pushes changes through the Redis adapter. */
import { startHeartbeat } from '../platform/process/heartbeat';
import { onShutdown, runMain } from '../platform/process/shutdown';
import { startProjector } from './roles';
import { openProcess } from './runtime';

runMain(async () => {
  const runtime = await openProcess('projector', ['projector']);
  const projector = await startProjector(runtime);
  runtime.logger.info('projector running', { checkpoints: projector.status() });
  const stopHeartbeat = startHeartbeat(runtime.config.dataDir, [() => runtime.infra.eventStore.health(), () => runtime.infra.readModels.health()]);
  onShutdown(runtime.logger, async () => {
    stopHeartbeat();
    await projector.stop();
    await runtime.close();
  });
});
