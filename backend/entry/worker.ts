/** docker compose `worker` service: jobs, reactions and process managers; pushes through the Redis adapter. */
import { startHeartbeat } from '../platform/process/heartbeat';
import { onShutdown, runMain } from '../platform/process/shutdown';
import { startWorker } from './roles';
import { openProcess } from './runtime';

runMain(async () => {
  const runtime = await openProcess('worker', ['worker']);
  const worker = await startWorker(runtime);
  runtime.logger.info('worker running', { jobs: runtime.infra.jobs.adapter });
  const stopHeartbeat = startHeartbeat(runtime.config.dataDir, [() => runtime.infra.eventStore.health(), () => runtime.infra.jobs.health()]);
  onShutdown(runtime.logger, async () => {
    stopHeartbeat();
    await worker.stop();
    await runtime.close();
  });
});
