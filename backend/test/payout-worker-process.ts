/**
 * A payout worker as its own process, for the crash test: the runtime on the configured stores
 * (PostgreSQL), its projector (the run lists performers from its read models), then the job's body
 * for one run. `restart` first does what a restarted worker's start does: settle stranded payouts.
 *
 *   node --import tsx backend/test/payout-worker-process.ts <runId> [restart]
 */
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import { payoutService } from '../commands/payouts';
import { startProjector } from '../entry/roles';
import { openRuntime } from '../entry/runtime';

async function main() {
  const [runId, mode] = process.argv.slice(2);
  if (!runId) throw new Error('usage: payout-worker-process.ts <runId> [restart]');
  const config = loadConfig();
  const runtime = await openRuntime(config, createLogger('error', { role: 'payout-worker' }), { roles: ['projector'] });
  const projector = await startProjector(runtime, {});
  await projector.caughtUp();
  const service = payoutService(runtime.ports, runtime.modules.reads.payouts.queries.lookups);
  process.stdout.write('ready\n');
  if (mode === 'restart')
    process.stdout.write(`settled stranded payouts of ${await service.settleStranded()} performer(s)\n`);
  await service.executeRun(runId);
  process.stdout.write('run done\n');
  await projector.stop();
  await runtime.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
