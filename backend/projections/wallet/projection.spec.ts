import type { StoredEvent } from '../../platform/eventstore/port';
import { foldWallet } from '../../ledger';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import type { ReadModelStore } from '../../platform/readmodels/port';
import type { RecordedEvent } from '../../platform/recorded-event';
import { createBatchReadModelStore } from '../../test/doubles/batch-store';
import { toLedgerEntry, WALLET_KINDS, WALLET_LEDGER, walletLedgerProjection } from './projection';

const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const stored = (type: string, data: Record<string, unknown>, position: number): StoredEvent => ({
  id: `e${position}`,
  type,
  streamId: `wallet-${walletId}`,
  revision: position,
  position,
  data,
  metadata: {},
  createdAt: new Date(0),
});

describe('wallet ledger entries', () => {
  it('records credits, debits and adjustments as signed movements', () => {
    expect(
      toLedgerEntry(stored('AuracoinCredited', { walletId, amount: 1000, reason: 'welcome', creditedAt: 't1' }, 1)),
    ).toMatchObject({ amount: 1000, reason: 'welcome', reference: null, at: 't1' });
    expect(
      toLedgerEntry(
        stored('AuracoinDebited', { walletId, amount: 5000, reason: 'alias', reference: 'a1', debitedAt: 't2' }, 2),
      ),
    ).toMatchObject({ amount: -5000, reason: 'alias', reference: 'a1' });
    expect(
      toLedgerEntry(
        stored(
          'AuracoinAdjusted',
          { walletId, amount: -300, balanceBefore: 300, balanceAfter: 0, adminId: 'x', adjustedAt: 't3' },
          3,
        ),
      ),
    ).toMatchObject({ amount: -300, reason: 'adjustment' });
  });

  it('ignores events that move no money', () => {
    expect(toLedgerEntry(stored('AliasPurchased', { walletId }, 4))).toBeUndefined();
  });

  it('gives each movement its split between purchased and promotional units, and the balances after it', () => {
    const welcome = stored('AuracoinCredited', { walletId, amount: 1000, reason: 'welcome', creditedAt: 't1' }, 1);
    const purchase = stored(
      'AuracoinCredited',
      { walletId, amount: 300, reason: 'purchase', purchaseId: 'p1', creditedAt: 't2' },
      2,
    );
    // a debit written before the split was recorded: purchased units first, as the fold says
    const legacy = stored(
      'AuracoinDebited',
      { walletId, amount: 500, reason: 'photo', reference: 'x', debitedAt: 't3' },
      3,
    );
    expect(toLedgerEntry(welcome)).toMatchObject({
      purchased: 0,
      promotional: 1000,
      purchasedBalance: 0,
      promotionalBalance: 1000,
    });
    expect(toLedgerEntry(purchase, foldWallet([welcome]))).toMatchObject({
      purchased: 300,
      promotional: 0,
      purchasedBalance: 300,
      promotionalBalance: 1000,
    });
    expect(toLedgerEntry(legacy, foldWallet([welcome, purchase]))).toMatchObject({
      amount: -500,
      purchased: -300,
      promotional: -200,
      purchasedBalance: 0,
      promotionalBalance: 800,
    });
  });
});

describe('wallet ledger read model, a batch at once (the PostgreSQL path)', () => {
  const other = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
  const of = (wallet: string, type: string, data: Record<string, unknown>, position: number): StoredEvent => ({
    ...stored(type, { walletId: wallet, ...data }, position),
    streamId: `wallet-${wallet}`,
  });
  const log = [
    of(walletId, 'AuracoinCredited', { amount: 1000, reason: 'welcome', creditedAt: 't1' }, 1),
    of(other, 'AuracoinCredited', { amount: 1000, reason: 'welcome', creditedAt: 't1' }, 2),
    of(walletId, 'AuracoinDebited', { amount: 100, reason: 'message', reference: 'm1', debitedAt: 't2' }, 3),
    of(other, 'AuracoinCredited', { amount: 300, reason: 'purchase', purchaseId: 'p1', creditedAt: 't3' }, 4),
    of(walletId, 'AuracoinDebited', { amount: 100, reason: 'message', reference: 'm2', debitedAt: 't4' }, 5),
  ] as unknown as RecordedEvent[];
  const contents = (store: ReadModelStore) =>
    Promise.all([WALLET_LEDGER, WALLET_KINDS].map((name) => store.collection(name).find({}, { sort: { _id: 1 } })));

  it('makes the entries and folds the events make one by one, again after a crash', async () => {
    const single = createMingoReadModelStore();
    for (const event of log) await walletLedgerProjection.apply(event, single);
    const store = createBatchReadModelStore();
    await walletLedgerProjection.apply(log[0]!, store);
    await walletLedgerProjection.applyBatch!(log, store);
    expect(await contents(store)).toEqual(await contents(single));
    await walletLedgerProjection.applyBatch!(log.slice(2), store);
    expect(await contents(store)).toEqual(await contents(single));
  });
});

describe('wallet ledger: what a movement was for', () => {
  const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
  const tipId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
  const purchaseId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
  const refundId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
  const log = [
    stored('AuracoinCredited', { walletId, amount: 1000, reason: 'welcome', creditedAt: 't1' }, 1),
    stored(
      'AuracoinPurchased',
      {
        purchaseId,
        walletId,
        packageId: performerId,
        credits: 10,
        amount: 1000,
        priceCents: 990,
        provider: 'sandbox',
        providerPaymentId: 'x',
        purchasedAt: 't2',
      },
      2,
    ),
    stored('AuracoinCredited', { walletId, amount: 1000, reason: 'purchase', purchaseId, creditedAt: 't2' }, 3),
    stored(
      'ShowTipped',
      {
        tipId,
        walletId,
        showId: purchaseId,
        performerId,
        identityId: walletId,
        displayName: 'mario',
        amountUnits: 500,
        message: null,
        menuItemId: null,
        menuItemLabel: null,
        tippedAt: 't3',
      },
      4,
    ),
    stored('AuracoinDebited', { walletId, amount: 500, reason: 'tip', reference: tipId, debitedAt: 't3' }, 5),
    // an alias is nobody's sale
    stored('AuracoinDebited', { walletId, amount: 100, reason: 'alias', reference: 'a1', debitedAt: 't4' }, 6),
    stored(
      'SaleRefunded',
      {
        refundId,
        walletId,
        kind: 'message',
        saleId: tipId,
        performerId,
        amount: 100,
        purchasedAmount: 100,
        promotionalAmount: 0,
        saleGrossUnits: 100,
        salePurchasedUnits: 100,
        refundedBeforeUnits: 0,
        refundedPurchasedBeforeUnits: 0,
        clawbackCents: 55,
        reason: 'x',
        adminId: 'a',
        refundedAt: 't5',
      },
      7,
    ),
    stored('AuracoinCredited', { walletId, amount: 100, reason: 'refund', reference: refundId, creditedAt: 't5' }, 8),
  ];

  it.each([false, true])(
    'names the performer of a tip and of a refund, and the euro paid for a package (one by one: %s)',
    async (oneByOne) => {
      const store = createMingoReadModelStore();
      if (oneByOne)
        for (const event of log) await walletLedgerProjection.apply(event as unknown as RecordedEvent, store);
      else await walletLedgerProjection.applyBatch!(log as unknown as RecordedEvent[], store);
      const byId = new Map(
        (await store.collection(WALLET_LEDGER).find({})).map((doc) => [doc._id, doc as Record<string, unknown>]),
      );
      expect(byId.size).toBe(5);
      expect(byId.get('e1')).not.toHaveProperty('priceCents');
      expect(byId.get('e3')).toMatchObject({ reason: 'purchase', priceCents: 990 });
      expect(byId.get('e5')).toMatchObject({ reason: 'tip', performerId });
      expect(byId.get('e6')).not.toHaveProperty('performerId');
      expect(byId.get('e8')).toMatchObject({ reason: 'refund', performerId });
    },
  );
});
