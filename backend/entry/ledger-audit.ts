/**
 * `npm run ledger:audit`: replays every wallet (and every `earnings-*` stream, with its payouts) from the event log,
 * checks that no balance ever went negative and that credits - debits (+ admin adjustments) equal
 * each balance, compares with the users read model rebuilt from the log and, when MONGO_URL is set,
 * with the stored one; prints a summary and exits non-zero on any mismatch, or when there is no
 * log to audit (a missing or empty DATA_DIR, an empty store).
 */
import { loadConfig } from '../platform/config/config';
import { embeddedStoreMissing, runLedgerAudit } from '../platform/ledger/run-audit';
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
  const runtime = await openRuntime(config, createLogger(config.LOG_LEVEL === 'debug' ? 'debug' : 'error', { role: 'ledger-audit' }));
  try {
    const { replay, stored } = runtime.modules.accounts.auditSources;
    const report = await runLedgerAudit(runtime.infra.eventStore, {
      rebuildUsers: replay,
      storedUsers: config.MONGO_URL ? stored : undefined,
      more: [
        (events) => runtime.modules.payouts.audit(events, { stored: config.MONGO_URL ? runtime.infra.readModels : undefined }),
        async (events) => runtime.modules.sessions.audit(events),
      ],
    });
    process.stdout.write(`${report.lines.join('\n')}\n`);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await runtime.close();
  }
}

runMain(main);
