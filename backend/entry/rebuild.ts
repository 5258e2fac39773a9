/**
 * `npm run projections:rebuild [name...]`: drops read models and replays them from the event log.
 * With the embedded (in-memory) read models it rewrites their snapshot under DATA_DIR (stop the
 * app first: the embedded event store opens in one process at a time); against MongoDB it
 * rebuilds the stored collections (stop the projector service first).
 */
import { runMain } from '../platform/process/shutdown';
import { startProjector } from './roles';
import { openProcess } from './runtime';

runMain(async () => {
  const runtime = await openProcess('rebuild', ['projector']);
  const runner = await startProjector(runtime, { readModelsOnly: true });
  const known = runner.status().map((projection) => projection.name);
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`Unknown projections: ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const started = Date.now();
  await runner.rebuild(names.length > 0 ? names : undefined);
  process.stdout.write(`rebuilt ${JSON.stringify(runner.status())} in ${Date.now() - started} ms\n`);
  await runner.stop();
  await runtime.close();
});
