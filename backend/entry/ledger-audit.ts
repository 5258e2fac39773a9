/**
 * `npm run ledger:audit` (docs/architecture.md#money): the ledger's replay, then every side's audit
 * hook, against the stored read models too when shared (MONGO_URL); non-zero on any problem or no log.
 */
import { loadConfig } from '../platform/config/config';
import { embeddedStoreMissing, runLedgerAudit } from '../ledger';
import { createLogger } from '../platform/logging/logger';
import { runMain } from '../platform/process/shutdown';
import { openRuntime } from './runtime';

async function main() {
  const config = loadConfig();
  const missing = await embeddedStoreMissing(config);
  if (missing) {
    process.stderr.write(`${missing}\n`);
    process.exitCode = 2;
    return;
  }
  const runtime = await openRuntime(
    config,
    createLogger(config.LOG_LEVEL === 'debug' ? 'debug' : 'error', { role: 'ledger-audit' }),
    { roles: ['api', 'projector'] },
  );
  try {
    const sides = [...runtime.sides.reads, ...runtime.sides.commands];
    const report = await runLedgerAudit(runtime.infra.eventStore, {
      hooks: sides.flatMap((side) => side.audit ?? []),
      storedReadModels: Boolean(config.MONGO_URL),
    });
    process.stdout.write(`${report.lines.join('\n')}\n`);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await runtime.close();
  }
}

runMain(main);
