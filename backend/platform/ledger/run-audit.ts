import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { formatAuditUnits } from './format';
import type { EventStore, StoredEvent } from '../eventstore/port';
import { auditLedger, compareWithUsers, type AuditProblem } from './audit';

export interface AuditReport {
  ok: boolean;
  lines: string[];
  problems: AuditProblem[];
}

export interface UserBalances {
  _id: string;
  balanceUnits: number;
  totalSpentUnits: number;
}

/** Reads the whole log in pages (global order). */
export async function readWholeLog(eventStore: EventStore, pageSize = 5000): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await eventStore.readAll({ after, maxCount: pageSize });
    events.push(...page);
    if (page.length < pageSize) return events;
    after = page[page.length - 1]!.position;
  }
}

/**
 * Replays every wallet and earnings stream, then compares with the users read model rebuilt from
 * the log (`rebuiltUsers`) and, when given, the stored one.
 */
export async function runLedgerAudit(
  eventStore: EventStore,
  options: {
    rebuildUsers: (events: StoredEvent[]) => Promise<UserBalances[]>;
    storedUsers?: () => Promise<UserBalances[]>;
    /** the modules' own audits over the same log (payouts): their summary lines and problems */
    more?: ((events: StoredEvent[]) => Promise<{ lines: string[]; problems: AuditProblem[] }>)[];
  },
): Promise<AuditReport> {
  const events = await readWholeLog(eventStore);
  if (events.length === 0) {
    const problems = [{ stream: '(log)', problem: 'the event log is empty: nothing to audit' }];
    return { ok: false, lines: ['ledger audit: the event log is empty, nothing to audit (is this the right DATA_DIR or store?)'], problems };
  }
  const audit = auditLedger(events);
  const problems = [...audit.problems];
  problems.push(...compareWithUsers(audit, await options.rebuildUsers(events), 'users read model rebuilt from the log'));
  if (options.storedUsers) problems.push(...compareWithUsers(audit, await options.storedUsers(), 'stored users read model'));
  const lines = [
    `ledger audit over ${events.length} events`,
    `  wallets: ${audit.wallets.size}, earnings streams: ${audit.earnings.size}`,
    `  credited ${formatAuditUnits(audit.totals.credited)}, debited ${formatAuditUnits(audit.totals.debited)}, adjusted ${formatAuditUnits(audit.totals.adjusted)}, held ${formatAuditUnits(audit.totals.balance)} auracoin`,
    `  card purchases credited: ${formatAuditUnits(audit.totals.purchaseCredits)} auracoin`,
    `  paid chat messages: ${audit.messages.paid}, ${formatAuditUnits(audit.messages.grossUnits)} auracoin, performers' 55%: ${(audit.messages.shareCents / 100).toFixed(2)} euro`,
    `  performer earnings held: ${([...audit.earnings.values()].reduce((sum, e) => sum + e.balanceCents, 0) / 100).toFixed(2)} euro`,
  ];
  for (const audit of options.more ?? []) {
    const report = await audit(events);
    lines.push(...report.lines);
    problems.push(...report.problems);
  }
  if (problems.length === 0) lines.push('OK: no balance ever negative, credits - debits + adjustments = balance for every wallet, read models agree');
  else {
    lines.push(`FAILED: ${problems.length} problem(s)`);
    for (const problem of problems.slice(0, 200)) lines.push(`  ${problem.stream}${problem.revision !== undefined ? `@${problem.revision}` : ''}: ${problem.problem}`);
  }
  return { ok: problems.length === 0, lines, problems };
}

/**
 * With the embedded event store (no EVENTSTORE_URL or DATABASE_URL), the log lives under
 * DATA_DIR/eventstore: answers why there is nothing to audit when that folder is missing or empty.
 */
export async function embeddedStoreMissing(config: { EVENTSTORE_URL?: string; DATABASE_URL?: string; dataDir: string }): Promise<string | undefined> {
  if (config.EVENTSTORE_URL || config.DATABASE_URL) return undefined;
  const folder = path.join(config.dataDir, 'eventstore');
  const entries = await readdir(folder).catch(() => undefined);
  if (entries === undefined) return `ledger audit: no event store under DATA_DIR=${config.dataDir} (the folder or its eventstore/ is missing): nothing to audit`;
  if (entries.length === 0) return `ledger audit: the event store under DATA_DIR=${config.dataDir} is empty: nothing to audit`;
  return undefined;
}
