import { describe, expect, it } from '@jest/globals';
import type { LedgerEntryView } from '@aura/contracts';
import { groupedLines, ledgerLineTitle, spendingOf } from './ledger-summary';

const entry = (
  id: string,
  type: LedgerEntryView['type'],
  amount: number,
  reason: string,
  reference: string | null = null,
): LedgerEntryView => ({
  id,
  type,
  amount,
  reason,
  reference,
  at: '2026-11-20T10:00:00.000Z',
  purchased: amount,
  promotional: 0,
  purchasedBalance: 0,
  promotionalBalance: 0,
  performerName: null,
  euro: null,
});

describe('a movement in words', () => {
  it('names a tip, whose sale it paid and the euro paid for a package, in Italian', () => {
    expect(ledgerLineTitle({ reason: 'tip', performerName: 'Giulia Rossi', euro: null })).toBe('Mancia a Giulia Rossi');
    expect(ledgerLineTitle({ reason: 'session', performerName: 'Sofia', euro: null })).toBe(
      'Videochat privata con Sofia',
    );
    expect(ledgerLineTitle({ reason: 'purchase', performerName: null, euro: 9.9 })).toBe(
      'Acquisto pacchetto · 9,90\u00a0€',
    );
    expect(ledgerLineTitle({ reason: 'refund', performerName: 'Sofia', euro: null })).toBe(
      'Rimborso di una vendita di Sofia',
    );
    expect(ledgerLineTitle({ reason: 'photo', performerName: 'Sofia', euro: null })).toBe('Foto di Sofia');
    expect(ledgerLineTitle({ reason: 'welcome', performerName: null, euro: null })).toBe('Auracoin di benvenuto');
    // never the code's word
    expect(ledgerLineTitle({ reason: 'something_new', performerName: null, euro: null })).toBe('Movimento');
  });
});

describe('the wallet panel', () => {
  // newest first, as GET /api/users/{id}/ledger answers
  const entries = [
    entry('7', 'AuracoinDebited', -6, 'session', 's2'),
    entry('6', 'AuracoinDebited', -3, 'session', 's2'),
    entry('5', 'AuracoinDebited', -3, 'session', 's2'),
    entry('4', 'AuracoinDebited', -1.5, 'message', 'm1'),
    entry('3', 'AuracoinDebited', -10, 'photo', 'p1'),
    entry('2', 'AuracoinCredited', 100, 'purchase', 'pu1'),
    entry('1', 'AuracoinCredited', 10, 'welcome'),
  ];

  it('sums what he spent, by what on', () => {
    expect(spendingOf(entries)).toEqual({
      total: 23.5,
      byReason: [
        { reason: 'session', amount: 12 },
        { reason: 'photo', amount: 10 },
        { reason: 'message', amount: 1.5 },
      ],
    });
  });

  it("gathers a session's minutes and minimum into one line", () => {
    const lines = groupedLines(entries);
    expect(lines.map((line) => [line.reason, line.amount, line.parts])).toEqual([
      ['session', -12, 3],
      ['message', -1.5, 1],
      ['photo', -10, 1],
      ['purchase', 100, 1],
      ['welcome', 10, 1],
    ]);
  });
});
