import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../testing/decider-spec';
import { decideSpend, wallet } from './wallet';

const now = new Date('2026-11-20T10:00:00.000Z');
const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '1c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50';
const credited = (amount: number): DomainEvent => ({ type: 'AuracoinCredited', data: { walletId, amount, reason: 'welcome', creditedAt: now.toISOString() } });
const purchase: DomainEvent = { type: 'AliasPurchased', data: { aliasId, userId: walletId, aliasName: 'Zorro', price: 5000, purchasedAt: now.toISOString() } };
const spend = { walletId, amountUnits: 5000, purchase, reason: 'alias', reference: aliasId };

describe('wallet spend decider', () => {
  const spec = deciderSpec(wallet);

  it('records the purchase then the debit when the balance affords it', () => {
    spec.given([credited(6000)]).when((state) => decideSpend(spend, state, now)).then([
      purchase,
      { type: 'AuracoinDebited', data: { walletId, amount: 5000, reason: 'alias', reference: aliasId, debitedAt: now.toISOString() } },
    ]);
  });

  it('spends the whole balance exactly', () => {
    spec.given([credited(5000)]).when((state) => decideSpend(spend, state, now)).then([purchase, expect.objectContaining({ type: 'AuracoinDebited' }) as DomainEvent]);
  });

  it('refuses a spend above the balance', () => {
    spec.given([credited(1000)]).when((state) => decideSpend(spend, state, now)).thenThrows('insufficient_balance', 'Insufficient auracoin balance');
  });

  it('counts earlier debits and adjustments', () => {
    const debited: DomainEvent = { type: 'AuracoinDebited', data: { walletId, amount: 5000, reason: 'alias', reference: 'x', debitedAt: now.toISOString() } };
    const adjusted: DomainEvent = { type: 'AuracoinAdjusted', data: { walletId, amount: -1000, balanceBefore: 5000, balanceAfter: 4000, adminId: 'a', adjustedAt: now.toISOString() } };
    spec.given([credited(10000), debited, adjusted]).when((state) => decideSpend(spend, state, now)).thenThrows('insufficient_balance');
  });

  it('refuses a non-positive or fractional amount', () => {
    spec.given([credited(10000)]).when((state) => decideSpend({ ...spend, amountUnits: 0 }, state, now)).thenThrows('validation_failed');
    spec.given([credited(10000)]).when((state) => decideSpend({ ...spend, amountUnits: 1.5 }, state, now)).thenThrows('validation_failed');
  });
});
