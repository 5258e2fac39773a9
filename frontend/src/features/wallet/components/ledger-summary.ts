import type { LedgerEntryView } from '@aura/contracts';

/** What he spent, by what on (the ledger's reasons), auracoin: the debits, refunds taken back. */
export interface Spending {
  total: number;
  byReason: { reason: string; amount: number }[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** His spending from the ledger's movements: what left the wallet for sessions, messages, photos and aliases. */
export function spendingOf(entries: readonly LedgerEntryView[]): Spending {
  const byReason = new Map<string, number>();
  for (const entry of entries) {
    if (entry.type !== 'AuracoinDebited') continue;
    byReason.set(entry.reason, round2((byReason.get(entry.reason) ?? 0) - entry.amount));
  }
  const rows = [...byReason].map(([reason, amount]) => ({ reason, amount })).sort((a, b) => b.amount - a.amount);
  return { total: round2(rows.reduce((sum, row) => sum + row.amount, 0)), byReason: rows };
}

/** One line of the list: a movement, or a session's minutes and minimum gathered into one (same reason and reference). */
export type LedgerLine = LedgerEntryView & { parts: number };

/** Consecutive movements of one session (same reason and reference) as one line, newest first as the ledger is. */
export function groupedLines(entries: readonly LedgerEntryView[]): LedgerLine[] {
  const lines: LedgerLine[] = [];
  for (const entry of entries) {
    const last = lines[lines.length - 1];
    if (
      last &&
      entry.reason === 'session' &&
      last.reason === 'session' &&
      entry.reference !== null &&
      entry.reference === last.reference &&
      entry.type === last.type
    ) {
      lines[lines.length - 1] = {
        ...last,
        amount: round2(last.amount + entry.amount),
        purchased: round2(last.purchased + entry.purchased),
        promotional: round2(last.promotional + entry.promotional),
        parts: last.parts + 1,
      };
    } else lines.push({ ...entry, parts: 1 });
  }
  return lines;
}
