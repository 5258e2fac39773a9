/**
 * What `npm run ledger:audit` does (`ledger-audit.ts` is this, on the process's environment and
 * output): the ledger's replay, then every side's audit hook, against the stored read models too
 * when shared (MONGO_URL). Answers the exit code: 0 all well, 1 a problem (each line naming its
 * stream), 2 nothing to audit. backend/test/ledger-audit.int.ts runs it in its own process for the
 * many corrupted stores it audits (a process spends seconds loading before it reads a thing).
 */
import type { Config } from '../platform/config/config';
import { embeddedStoreMissing, moneyAudits, runLedgerAudit, type AuditReport } from '../ledger';
import { createLogger } from '../platform/logging/logger';
import { openRuntime, type Runtime } from './runtime';

export interface AuditOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The ledger's replay, every side's audit hook, then the ledger's own money audits, over the runtime's log. */
export function auditLog(runtime: Runtime, storedReadModels: boolean): Promise<AuditReport> {
  const sides = [...runtime.sides.reads, ...runtime.sides.commands];
  return runLedgerAudit(runtime.infra.eventStore, {
    hooks: [
      ...sides.flatMap((side) => side.audit ?? []),
      ...moneyAudits({ now: runtime.ports.clock.now, reserveDays: runtime.ports.config.PAYOUT_RESERVE_DAYS }),
    ],
    storedReadModels,
  });
}

export async function ledgerAuditRun(config: Config, output: AuditOutput): Promise<number> {
  const missing = await embeddedStoreMissing(config);
  if (missing) {
    output.stderr(`${missing}\n`);
    return 2;
  }
  const runtime = await openRuntime(
    config,
    createLogger(config.LOG_LEVEL === 'debug' ? 'debug' : 'error', { role: 'ledger-audit' }),
    { roles: ['api', 'projector'] },
  );
  try {
    const report = await auditLog(runtime, Boolean(config.MONGO_URL));
    output.stdout(`${report.lines.join('\n')}\n`);
    return report.ok ? 0 : 1;
  } finally {
    await runtime.close();
  }
}
