/** docker compose `projector` service: builds the read models and pushes changes through the Redis adapter. */
import { onShutdown, runMain } from '../platform/process/shutdown';
import { startProjector } from './roles';
import { openProcess } from './runtime';

runMain(async () => {
  const runtime = await openProcess('projector', ['projector']);
  const projector = await startProjector(runtime);
  runtime.logger.info('projector running', { checkpoints: projector.status() });
  runtime.operations.lifecycle.ready();
  onShutdown(runtime.logger, () => projector.stop().then(() => runtime.close()));
});
