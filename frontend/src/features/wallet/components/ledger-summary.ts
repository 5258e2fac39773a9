import type { LedgerEntryView } from '@aura/contracts';
import { formatEuro } from '../../../lib/format';

/** What a movement was, in Italian (the ledger's `reason`). */
export const ledgerReasonLabels: Record<string, string> = {
  welcome: 'Auracoin di benvenuto',
  purchase: 'Acquisto pacchetto',
  refund: 'Rimborso',
  chargeback: 'Contestazione del pagamento persa',
  adjustment: 'Rettifica del saldo',
  alias: 'Alias',
  photo: 'Foto',
  message: 'Messaggio',
  session: 'Videochat privata',
  tip: 'Mancia',
};

/** How a movement names the performer: 'Videochat privata con Sofia', 'Foto di Sofia', 'Mancia a Sofia'. */
const withWhom: Record<string, string> = {
  session: 'con',
  photo: 'di',
  message: 'a',
  tip: 'a',
  refund: 'di una vendita di',
};

/** A movement in words: what it was, with whom, and for a package the euro paid ('Acquisto pacchetto · 9,90 €'). */
export function ledgerLineTitle(entry: Pick<LedgerEntryView, 'reason' | 'performerName' | 'euro'>): string {
  // a reason the list does not know yet is named as a movement, never in the code's words
  const what = ledgerReasonLabels[entry.reason] ?? 'Movimento';
  const whom = entry.performerName ? ` ${withWhom[entry.reason] ?? 'a'} ${entry.performerName}` : '';
  const paid = entry.euro === null ? '' : ` · ${formatEuro(entry.euro)}`;
  return `${what}${whom}${paid}`;
}

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
