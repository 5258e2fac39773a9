import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { EventStore, StoredEvent } from '../../platform/eventstore/port';
import type { AuditHook, AuditProblem } from '../../kernel/module';
import { auditLedger } from './audit';
import { cardPaymentsLines } from './card-payments';
import { formatAuditUnits } from './format';

export interface AuditReport {
  ok: boolean;
  lines: string[];
  problems: AuditProblem[];
}

/**
 * Reads the whole log in pages (global order), up to the head it had when it started. A SQL store
 * shows a reader only the events below the oldest transaction still open anywhere in the cluster
 * (so that a subscription never skips one), and an open transaction of another database or process
 * can hold back events committed before the audit began: it waits for them rather than audit less
 * and say OK (seen 2026-11-29, a corruption inserted just before the audit went unread).
 */
export async function readWholeLog(
  eventStore: EventStore,
  pageSize = 5000,
  options: { waitMs?: number; pollMs?: number } = {},
): Promise<StoredEvent[]> {
  const head = await eventStore.headPosition();
  const deadline = Date.now() + (options.waitMs ?? 60_000);
  const events: StoredEvent[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await eventStore.readAll({ after, maxCount: pageSize });
    events.push(...page);
    after = page.at(-1)?.position ?? after;
    if (head === undefined || (after ?? 0) >= head) return events;
    // Stryker disable next-line ConditionalExpression: a full page read on after a pause reads the same
    if (page.length === pageSize) continue;
    if (Date.now() > deadline)
      throw new Error(`the log's head is ${head}, but events after position ${after ?? 0} stayed hidden`);
    // Stryker disable next-line all: the pause between two reads only
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
  }
}

const euro = (cents: number) => (cents / 100).toFixed(2);

/**
 * `npm run ledger:audit`: replays every wallet and earnings stream and every sale, then runs each
 * module's audit hook over the same log (balances against the read models, sessions, payouts).
 */
export async function runLedgerAudit(
  eventStore: EventStore,
  options: { hooks: readonly AuditHook[]; storedReadModels: boolean },
): Promise<AuditReport> {
  const events = await readWholeLog(eventStore);
  if (events.length === 0) {
    const problems = [{ stream: '(log)', problem: 'the event log is empty: nothing to audit' }];
    return {
      ok: false,
      lines: ['ledger audit: the event log is empty, nothing to audit (is this the right DATA_DIR or store?)'],
      problems,
    };
  }
  const audit = auditLedger(events);
  const problems = [...audit.problems];
  const lines = [
    `ledger audit over ${events.length} events`,
    `  wallets: ${audit.wallets.size}, earnings streams: ${audit.earnings.size}`,
    `  credited ${formatAuditUnits(audit.totals.credited)}, debited ${formatAuditUnits(audit.totals.debited)},` +
      ` adjusted ${formatAuditUnits(audit.totals.adjusted)}, held ${formatAuditUnits(audit.totals.balance)} auracoin`,
    `  card purchases credited: ${formatAuditUnits(audit.totals.purchaseCredits)} auracoin`,
    `  balances: ${formatAuditUnits(audit.totals.purchasedBalance)} purchased, ${formatAuditUnits(audit.totals.promotionalBalance)} promotional auracoin`,
  ];
  const label = {
    message: 'paid chat messages',
    photo: 'photo sales',
    session: 'private session charges',
    tip: 'show tips',
  } as const;
  for (const [source, figures] of Object.entries(audit.sales.bySource)) {
    lines.push(
      `  ${label[source as keyof typeof label] ?? source}: ${figures.sales}, ${formatAuditUnits(figures.grossUnits)} auracoin` +
        ` (${formatAuditUnits(figures.purchasedUnits)} purchased),` +
        ` performers' 55% of the purchased part: ${euro(figures.shareCents)} euro`,
    );
  }
  lines.push(
    `  performer earnings held: ${euro([...audit.earnings.values()].reduce((sum, e) => sum + e.balanceCents, 0))} euro`,
    ...cardPaymentsLines(audit.cardPayments),
  );
  for (const hook of options.hooks) {
    const report = await hook(events, { storedReadModels: options.storedReadModels });
    lines.push(...report.lines);
    problems.push(...report.problems);
  }
  if (problems.length === 0)
    lines.push(
      'OK: no balance ever negative, every debit names its purchase, every sale paid and credited once by the share rule, read models agree',
    );
  else {
    lines.push(`FAILED: ${problems.length} problem(s)`);
    for (const problem of problems.slice(0, 200))
      lines.push(
        `  ${problem.stream}${problem.revision !== undefined ? `@${problem.revision}` : ''}: ${problem.problem}`,
      );
  }
  return { ok: problems.length === 0, lines, problems };
}

/**
 * With the embedded event store (no EVENTSTORE_URL or DATABASE_URL), the log lives under
 * DATA_DIR/eventstore: answers why there is nothing to audit when that folder is missing or empty.
 */
export async function embeddedStoreMissing(config: {
  EVENTSTORE_URL?: string;
  DATABASE_URL?: string;
  dataDir: string;
}): Promise<string | undefined> {
  if (config.EVENTSTORE_URL || config.DATABASE_URL) return undefined;
  const folder = path.join(config.dataDir, 'eventstore');
  const entries = await readdir(folder).catch(() => undefined);
  if (entries === undefined)
    return `ledger audit: no event store under DATA_DIR=${config.dataDir} (the folder or its eventstore/ is missing): nothing to audit`;
  if (entries.length === 0)
    return `ledger audit: the event store under DATA_DIR=${config.dataDir} is empty: nothing to audit`;
  return undefined;
}
