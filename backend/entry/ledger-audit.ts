/**
 * `npm run ledger:audit` (docs/architecture.md#money): the ledger's replay, then every side's audit
 * hook, against the stored read models too when shared (MONGO_URL); non-zero on any problem or no
 * log. The work is `ledgerAuditRun` (ledger-audit-run.ts), here on the environment and the output.
 */
import { loadConfig } from '../platform/config/config';
import { runMain } from '../platform/process/shutdown';
import { ledgerAuditRun } from './ledger-audit-run';

runMain(async () => {
  process.exitCode = await ledgerAuditRun(loadConfig(), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
});
