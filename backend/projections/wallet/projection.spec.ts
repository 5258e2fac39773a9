import type { StoredEvent } from '../../platform/eventstore/port';
import { foldWallet } from '../../ledger';
import { toLedgerEntry } from './projection';

const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const stored = (type: string, data: Record<string, unknown>, position: number): StoredEvent => ({
  id: `e${position}`, type, streamId: `wallet-${walletId}`, revision: position, position, data, metadata: {}, createdAt: new Date(0),
});

describe('wallet ledger entries', () => {
  it('records credits, debits and adjustments as signed movements', () => {
    expect(toLedgerEntry(stored('AuracoinCredited', { walletId, amount: 1000, reason: 'welcome', creditedAt: 't1' }, 1))).toMatchObject({ amount: 1000, reason: 'welcome', reference: null, at: 't1' });
    expect(toLedgerEntry(stored('AuracoinDebited', { walletId, amount: 5000, reason: 'alias', reference: 'a1', debitedAt: 't2' }, 2))).toMatchObject({ amount: -5000, reason: 'alias', reference: 'a1' });
    expect(toLedgerEntry(stored('AuracoinAdjusted', { walletId, amount: -300, balanceBefore: 300, balanceAfter: 0, adminId: 'x', adjustedAt: 't3' }, 3))).toMatchObject({ amount: -300, reason: 'adjustment' });
  });

  it('ignores events that move no money', () => {
    expect(toLedgerEntry(stored('AliasPurchased', { walletId }, 4))).toBeUndefined();
  });

  it('gives each movement its split between purchased and promotional units, and the balances after it', () => {
    const welcome = stored('AuracoinCredited', { walletId, amount: 1000, reason: 'welcome', creditedAt: 't1' }, 1);
    const purchase = stored('AuracoinCredited', { walletId, amount: 300, reason: 'purchase', purchaseId: 'p1', creditedAt: 't2' }, 2);
    // a debit written before the split was recorded: purchased units first, as the fold says
    const legacy = stored('AuracoinDebited', { walletId, amount: 500, reason: 'photo', reference: 'x', debitedAt: 't3' }, 3);
    expect(toLedgerEntry(welcome)).toMatchObject({ purchased: 0, promotional: 1000, purchasedBalance: 0, promotionalBalance: 1000 });
    expect(toLedgerEntry(purchase, foldWallet([welcome]))).toMatchObject({ purchased: 300, promotional: 0, purchasedBalance: 300, promotionalBalance: 1000 });
    expect(toLedgerEntry(legacy, foldWallet([welcome, purchase]))).toMatchObject({ amount: -500, purchased: -300, promotional: -200, purchasedBalance: 0, promotionalBalance: 800 });
  });
});
