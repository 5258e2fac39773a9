import type { StoredEvent } from '../../platform/eventstore/port';
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
});
