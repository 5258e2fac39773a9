/**
 * The ledger audit of promotional units (docs/architecture.md#promotional-units): given a log,
 * then the problems it names. A split an event records must be the rule's (purchased units
 * first), and a share is the rule of its sale's purchased part.
 */
import type { StoredEvent } from '../../platform/eventstore/port';
import { auditLedger } from './audit';

const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42';
const performerId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42';
const purchaseId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e42';
const at = '2026-11-20T10:00:00.000Z';

type Entry = [string, string, Record<string, unknown>];

function log(entries: Entry[]): StoredEvent[] {
  const revisions = new Map<string, number>();
  return entries.map(([streamId, type, data], index) => {
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    return {
      id: `e${index}`,
      streamId,
      type,
      data,
      revision,
      position: index + 1,
      metadata: {},
      createdAt: new Date(at),
    };
  });
}

const wallet = `wallet-${userId}`;
const earnings = `earnings-${performerId}`;
const welcome: Entry = [
  wallet,
  'AuracoinCredited',
  { walletId: userId, amount: 1000, reason: 'welcome', creditedAt: at },
];
const paid: Entry[] = [
  [
    wallet,
    'AuracoinPurchased',
    {
      purchaseId,
      walletId: userId,
      packageId: purchaseId,
      credits: 3,
      amount: 300,
      priceCents: 300,
      provider: 'sandbox',
      providerPaymentId: 'p',
      purchasedAt: at,
    },
  ],
  [wallet, 'AuracoinCredited', { walletId: userId, amount: 300, reason: 'purchase', purchaseId, creditedAt: at }],
];
const photo = (purchasedUnits: number, promotionalUnits: number): Entry => [
  wallet,
  'PhotoPurchased',
  {
    purchaseId: 'x1',
    walletId: userId,
    photoId: 'p1',
    performerId,
    priceUnits: 500,
    purchasedUnits,
    promotionalUnits,
    purchasedAt: at,
  },
];
const debit = (purchasedAmount: number, promotionalAmount: number): Entry => [
  wallet,
  'AuracoinDebited',
  {
    walletId: userId,
    amount: 500,
    reason: 'photo',
    reference: 'p1',
    purchasedAmount,
    promotionalAmount,
    debitedAt: at,
  },
];
const credit = (purchasedUnits: number, shareCents: number): Entry => [
  earnings,
  'PerformerEarningsCredited',
  { performerId, source: 'photo', sourceId: 'x1', grossUnits: 500, purchasedUnits, shareCents, creditedAt: at },
];
const problems = (entries: Entry[]) => auditLedger(log(entries)).problems.map((p) => p.problem);

describe('the ledger audit of promotional units', () => {
  it('a mixed spend split purchased first and credited on its purchased part passes', () => {
    const audit = auditLedger(log([welcome, ...paid, photo(300, 200), debit(300, 200), credit(300, 165)]));
    expect(audit.problems).toEqual([]);
    expect(audit.wallets.get(userId)).toMatchObject({ balance: 800, purchased: 0, promotional: 800 });
    expect(audit.totals).toMatchObject({ purchasedBalance: 0, promotionalBalance: 800 });
    expect(audit.sales.bySource.photo).toEqual({ sales: 1, grossUnits: 500, purchasedUnits: 300, shareCents: 165 });
  });

  it('a spend claiming more purchased units than the wallet had is reported', () => {
    expect(problems([welcome, ...paid, photo(500, 0), debit(500, 0), credit(500, 275)])).toEqual([
      expect.stringContaining(
        'records 500 purchased and 0 promotional units; purchased first, the wallet gives 300 and 200',
      ),
      expect.stringContaining('leaves -200 purchased and 1000 promotional units'),
    ]);
  });

  it('a spend paid with promotional units while purchased ones were there is reported', () => {
    expect(problems([welcome, ...paid, photo(0, 500), debit(0, 500), credit(0, 0)])).toEqual([
      expect.stringContaining('purchased first, the wallet gives 300 and 200'),
    ]);
  });

  it('a share computed on promotional units is reported', () => {
    // 55% of the whole 500 units, though 200 of them were welcome coins
    expect(problems([welcome, ...paid, photo(300, 200), debit(300, 200), credit(300, 275)])).toEqual([
      expect.stringContaining('275 cents, the share rule gives 165 on its purchased part'),
    ]);
    expect(problems([welcome, ...paid, photo(300, 200), debit(300, 200), credit(500, 275)])).toEqual([
      expect.stringContaining('name 500 purchased units, the sale 300'),
      expect.stringContaining('275 cents, the share rule gives 165 on its purchased part'),
    ]);
  });

  it("a sale whose purchased part is not its debit's is reported", () => {
    expect(problems([welcome, ...paid, photo(500, 0), debit(300, 200), credit(500, 275)])).toEqual([
      expect.stringContaining('says 500 purchased units, its debit 300'),
    ]);
  });

  it('a split that does not add up to its amount is reported', () => {
    expect(problems([welcome, ...paid, photo(300, 200), debit(300, 100), credit(300, 165)])).toEqual([
      expect.stringContaining('records 300 purchased + 100 promotional'),
      expect.stringContaining('differ from the balance'),
    ]);
  });
});
