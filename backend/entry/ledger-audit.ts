/**
 * `npm run ledger:audit`: replays every wallet (and every `earnings-*` stream) from the event log,
 * checks that no balance ever went negative and that credits - debits (+ admin adjustments) equal
 * each balance, compares with the users read model rebuilt from the log and, when MONGO_URL is set,
 * with the stored one; prints a summary and exits non-zero on any mismatch.
 */
import { loadConfig } from '../platform/config/config';
import { runLedgerAudit } from '../platform/ledger/run-audit';
import { createLogger } from '../platform/logging/logger';
import { USERS, type UserDoc } from '../projections/users/projection';
import { replayUsers } from '../projections/users/replay';
import { openInfrastructure } from './infrastructure';
import { runMain } from './shutdown';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL === 'debug' ? 'debug' : 'error', { role: 'ledger-audit' });
  const infra = await openInfrastructure(config, logger);
  try {
    const report = await runLedgerAudit(infra.eventStore, {
      rebuildUsers: replayUsers,
      storedUsers: config.MONGO_URL ? () => infra.readModels.collection<UserDoc>(USERS).find({}) : undefined,
    });
    process.stdout.write(`${report.lines.join('\n')}\n`);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await infra.close();
  }
}

runMain(main);
