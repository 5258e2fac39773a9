/** docker compose `worker` service: jobs, reactions and process managers; pushes through the Redis adapter. */
import { onShutdown, runMain } from '../platform/process/shutdown';
import { startWorker } from './roles';
import { openProcess } from './runtime';

runMain(async () => {
  const runtime = await openProcess('worker', ['worker']);
  const worker = await startWorker(runtime);
  runtime.logger.info('worker running', { jobs: runtime.infra.jobs.adapter });
  runtime.operations.lifecycle.ready();
  onShutdown(runtime.logger, () => worker.stop().then(() => runtime.close()));
});
