/**
 * `npm run projections:rebuild [name...]`: drops read models and replays them from the event log.
 * With the embedded (in-memory) read models this is what every start does anyway; against MongoDB
 * it rebuilds the stored collections (stop the projector service first).
 */
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import { createProjectionRunner } from '../platform/projections/runner';
import { openInfrastructure } from './infrastructure';
import { projections } from './modules';
import { runMain } from './shutdown';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { role: 'rebuild' });
  const infra = await openInfrastructure(config, logger);
  const all = projections(infra);
  const names = process.argv.slice(2);
  const unknown = names.filter((name) => !all.some((projection) => projection.name === name));
  if (unknown.length > 0) throw new Error(`Unknown projections: ${unknown.join(', ')} (known: ${all.map((p) => p.name).join(', ')})`);
  // reactions append events: a rebuild replays read models only
  const readModelProjections = all.filter((projection) => !projection.name.startsWith('reaction:'));
  const runner = createProjectionRunner({ eventStore: infra.eventStore, readModels: infra.readModels, projections: readModelProjections, logger });
  const started = Date.now();
  await runner.rebuild(names.length > 0 ? names : undefined);
  process.stdout.write(`rebuilt ${JSON.stringify(runner.status())} in ${Date.now() - started} ms\n`);
  await runner.stop();
  await infra.close();
}

runMain(main);
