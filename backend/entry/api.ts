/** docker compose `api` service: HTTP commands + queries + Socket.IO (no projections, no jobs processing). */
import { onShutdown, runMain } from '../platform/process/shutdown';
import { firstStart, startApi } from './roles';
import { openProcess } from './runtime';

runMain(async () => {
  const runtime = await openProcess('api', ['api'], { http: true });
  const { admin } = await firstStart(runtime);
  if (admin.created && admin.generatedPassword)
    process.stdout.write(
      `admin "${admin.username}" created; generated password (shown once): ${admin.generatedPassword}\n`,
    );
  await startApi(runtime, { serveFrontend: true });
  runtime.operations.lifecycle.ready();
  onShutdown(runtime.logger, () => runtime.close());
});
