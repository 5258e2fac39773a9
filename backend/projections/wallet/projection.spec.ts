import type { StoredEvent } from '../../platform/eventstore/port';
import { foldWallet } from '../../ledger';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import type { ReadModelStore } from '../../platform/readmodels/port';
import type { RecordedEvent } from '../../platform/recorded-event';
import { createBatchReadModelStore } from '../../platform/testing/batch-store';
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
