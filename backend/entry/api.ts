/** docker compose `api` service: HTTP commands + queries + Socket.IO (no projections, no jobs processing). */
import { onShutdown, runMain } from '../platform/process/shutdown';
import { firstStart, startApi } from './roles';
import { openProcess } from './runtime';

runMain(async () => {
  const runtime = await openProcess('api', ['api'], { http: true });
  const { admin } = await firstStart(runtime);
  if (admin.created && admin.generatedPassword) process.stdout.write(`admin "${admin.username}" created; generated password (shown once): ${admin.generatedPassword}\n`);
  const api = await startApi(runtime, { serveFrontend: true });
  runtime.logger.info('api listening', { port: api.port });
  onShutdown(runtime.logger, () => runtime.close());
});
