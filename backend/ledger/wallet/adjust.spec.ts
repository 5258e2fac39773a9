import { errorMessages, type DomainEvent } from '@aura/contracts';
import { wallet } from './wallet';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { decideAdjustBalance } from './adjust';

const now = new Date('2026-11-20T10:00:00.000Z');
const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const credited: DomainEvent = {
  type: 'AuracoinCredited',
  data: { walletId, amount: 1000, reason: 'welcome', creditedAt: now.toISOString() },
};

describe('balance adjustment decider', () => {
  const spec = deciderSpec(wallet);

  it('records the signed difference, both balances and the admin', () => {
    spec
      .given([credited])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: 250, adminId: 'admin-1' }, state, now))
      .then([
        {
          type: 'AuracoinAdjusted',
          data: {
            walletId,
            amount: -750,
            balanceBefore: 1000,
            balanceAfter: 250,
            adminId: 'admin-1',
            purchasedAmount: 0,
            promotionalAmount: -750,
            adjustedAt: now.toISOString(),
          },
        },
      ]);
    spec
      .given([credited])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: 5000, adminId: 'admin-1' }, state, now))
      .then([
        {
          type: 'AuracoinAdjusted',
          data: {
            walletId,
            amount: 4000,
            balanceBefore: 1000,
            balanceAfter: 5000,
            adminId: 'admin-1',
            purchasedAmount: 0,
            promotionalAmount: 4000,
            adjustedAt: now.toISOString(),
          },
        },
      ]);
  });

  it('records nothing when the balance is already the one asked', () => {
    spec
      .given([credited])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: 1000, adminId: 'admin-1' }, state, now))
      .then([]);
  });

  it('refuses a negative or fractional balance', () => {
    spec
      .given([credited])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: -1, adminId: 'a' }, state, now))
      .thenThrows('validation_failed');
    spec
      .given([credited])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: 0.5, adminId: 'a' }, state, now))
      .thenThrows('validation_failed');
  });

  it('refuses a balance below what a running session holds', () => {
    const held: DomainEvent = {
      type: 'AuracoinHeld',
      data: {
        walletId,
        holdId: '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f',
        amount: 600,
        reason: 'session',
        heldAt: now.toISOString(),
      },
    };
    spec
      .given([credited, held])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: 599, adminId: 'a' }, state, now))
      .thenThrows('balance_below_held');
    spec
      .given([credited, held])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: 600, adminId: 'a' }, state, now))
      .then([expect.objectContaining({ type: 'AuracoinAdjusted' }) as DomainEvent]);
  });

  it('says why in Italian: a balance must be a whole non-negative number, and cover what a session holds; zero is a balance', () => {
    spec
      .given([credited])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: -1, adminId: 'a' }, state, now))
      .thenThrows('validation_failed');
    spec
      .given([credited])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: 0, adminId: 'a' }, state, now))
      .then([
        expect.objectContaining({
          type: 'AuracoinAdjusted',
          data: expect.objectContaining({ amount: -1000 }),
        }) as DomainEvent,
      ]);
    const held: DomainEvent = {
      type: 'AuracoinHeld',
      data: {
        walletId,
        holdId: '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f',
        amount: 600,
        reason: 'session',
        heldAt: now.toISOString(),
      },
    };
    let message = '';
    try {
      decideAdjustBalance(
        { walletId, targetUnits: 599, adminId: 'a' },
        [credited, held].reduce(wallet.evolve, wallet.initialState()),
        now,
      );
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(errorMessages.balance_below_held);
  });
});
