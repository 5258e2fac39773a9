import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { decideHold, decideRelease, decideSpend, wallet, walletIdOfStream } from './wallet';

const now = new Date('2026-11-20T10:00:00.000Z');
const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const aliasId = '1c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50';
const credited = (amount: number): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId, amount, reason: 'welcome', creditedAt: now.toISOString() },
});
const purchase: DomainEvent = {
  type: 'AliasPurchased',
  data: { aliasId, userId: walletId, aliasName: 'Zorro', price: 5000, purchasedAt: now.toISOString() },
};
const spend = { walletId, amountUnits: 5000, purchase, reason: 'alias', reference: aliasId };
/** the purchase as the spend records it: paid with the welcome coins (promotional) */
const bought = {
  type: purchase.type,
  data: { ...purchase.data, purchasedUnits: 0, promotionalUnits: 5000 },
} as DomainEvent;

describe('wallet spend decider', () => {
  const spec = deciderSpec(wallet);

  it('records the purchase then the debit when the balance affords it', () => {
    spec
      .given([credited(6000)])
      .when((state) => decideSpend(spend, state, now))
      .then([
        bought,
        {
          type: 'AuracoinDebited',
          data: {
            walletId,
            amount: 5000,
            reason: 'alias',
            reference: aliasId,
            purchasedAmount: 0,
            promotionalAmount: 5000,
            debitedAt: now.toISOString(),
          },
        },
      ]);
  });

  it('spends the whole balance exactly', () => {
    spec
      .given([credited(5000)])
      .when((state) => decideSpend(spend, state, now))
      .then([bought, expect.objectContaining({ type: 'AuracoinDebited' }) as DomainEvent]);
  });

  it('refuses a spend above the balance', () => {
    spec
      .given([credited(1000)])
      .when((state) => decideSpend(spend, state, now))
      .thenThrows('insufficient_balance', 'Insufficient auracoin balance');
  });

  it('counts earlier debits and adjustments', () => {
    const debited: DomainEvent = {
      type: 'AuracoinDebited',
      data: { walletId, amount: 5000, reason: 'alias', reference: 'x', debitedAt: now.toISOString() },
    };
    const adjusted: DomainEvent = {
      type: 'AuracoinAdjusted',
      data: {
        walletId,
        amount: -1000,
        balanceBefore: 5000,
        balanceAfter: 4000,
        adminId: 'a',
        adjustedAt: now.toISOString(),
      },
    };
    spec
      .given([credited(10000), debited, adjusted])
      .when((state) => decideSpend(spend, state, now))
      .thenThrows('insufficient_balance');
  });

  it('refuses a non-positive or fractional amount', () => {
    spec
      .given([credited(10000)])
      .when((state) => decideSpend({ ...spend, amountUnits: 0 }, state, now))
      .thenThrows('validation_failed');
    spec
      .given([credited(10000)])
      .when((state) => decideSpend({ ...spend, amountUnits: 1.5 }, state, now))
      .thenThrows('validation_failed');
  });
});

describe('wallet holds', () => {
  const spec = deciderSpec(wallet);
  const holdId = '2c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50';
  const held: DomainEvent = {
    type: 'AuracoinHeld',
    data: {
      walletId,
      holdId,
      amount: 4000,
      reason: 'session',
      purchasedAmount: 0,
      promotionalAmount: 4000,
      heldAt: now.toISOString(),
    },
  };
  const hold = { walletId, holdId, amountUnits: 4000, reason: 'session' };

  it('holds part of the available balance, once', () => {
    spec
      .given([credited(6000)])
      .when((state) => decideHold(hold, state, now))
      .then([held]);
    spec
      .given([credited(6000), held])
      .when((state) => decideHold(hold, state, now))
      .then([]);
    spec
      .given([credited(6000)])
      .when((state) => decideHold({ ...hold, alreadyPlaced: true }, state, now))
      .then([]);
    spec
      .given([credited(3999)])
      .when((state) => decideHold(hold, state, now))
      .thenThrows('insufficient_balance');
  });

  it('an exclusive hold refuses while another of its kind is open', () => {
    const other = { ...hold, holdId: '3c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50', amountUnits: 100, exclusive: true };
    spec
      .given([credited(6000), held])
      .when((state) => decideHold(other, state, now))
      .thenThrows('conflict');
  });

  it('every other spend may use only the available balance', () => {
    spec
      .given([credited(6000), held])
      .when((state) => decideSpend(spend, state, now))
      .thenThrows('insufficient_balance');
    spec
      .given([credited(9000), held])
      .when((state) => decideSpend(spend, state, now))
      .then([bought, expect.objectContaining({ type: 'AuracoinDebited' }) as DomainEvent]);
  });

  it('a debit naming the hold may use it, and is refused once the hold is closed', () => {
    spec
      .given([credited(6000), held])
      .when((state) => decideSpend({ ...spend, holdId }, state, now))
      .then([
        bought,
        {
          type: 'AuracoinDebited',
          data: {
            walletId,
            amount: 5000,
            reason: 'alias',
            reference: aliasId,
            holdId,
            purchasedAmount: 0,
            promotionalAmount: 5000,
            debitedAt: now.toISOString(),
          },
        },
      ]);
    const released: DomainEvent = {
      type: 'AuracoinReleased',
      data: { walletId, holdId, amount: 4000, releasedAt: now.toISOString() },
    };
    spec
      .given([credited(6000), held, released])
      .when((state) => decideSpend({ ...spend, holdId }, state, now))
      .thenThrows('conflict');
  });

  it('releases what is left of an open hold, and nothing for a closed one', () => {
    spec
      .given([credited(6000), held])
      .when((state) => decideRelease(walletId, holdId, state, now))
      .then([
        {
          type: 'AuracoinReleased',
          data: {
            walletId,
            holdId,
            amount: 4000,
            purchasedAmount: 0,
            promotionalAmount: 4000,
            releasedAt: now.toISOString(),
          },
        },
      ]);
    spec
      .given([credited(6000)])
      .when((state) => decideRelease(walletId, holdId, state, now))
      .then([]);
  });

  it('a hold of exactly the available balance is placed; a hold of no amount or a fraction is refused', () => {
    spec
      .given([credited(4000)])
      .when((state) => decideHold(hold, state, now))
      .then([held]);
    spec
      .given([credited(6000)])
      .when((state) => decideHold({ ...hold, amountUnits: 0 }, state, now))
      .thenThrows('validation_failed');
    spec
      .given([credited(6000)])
      .when((state) => decideHold({ ...hold, amountUnits: 1.5 }, state, now))
      .thenThrows('validation_failed');
  });

  it('a refusal names the closed hold and the kind of hold already open', () => {
    const released: DomainEvent = {
      type: 'AuracoinReleased',
      data: { walletId, holdId, amount: 4000, releasedAt: now.toISOString() },
    };
    spec
      .given([credited(6000), held, released])
      .when((state) => decideSpend({ ...spend, holdId }, state, now))
      .thenThrows('conflict');
    const other = { ...hold, holdId: '3c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50', amountUnits: 100, exclusive: true };
    spec
      .given([credited(6000), held])
      .when((state) => decideHold(other, state, now))
      .thenThrows('conflict');
  });

  describe('a wallet frozen by a dispute (docs/architecture.md#disputes)', () => {
    const disputeId = '4c8d5e2f-9a8b-4f74-8b62-6b5d2c3e4f50';
    const frozen: DomainEvent = {
      type: 'WalletFrozen',
      data: { walletId, disputeId, purchaseId: aliasId, lockedUnits: 0, trace: [], frozenAt: now.toISOString() },
    };
    const unfrozen: DomainEvent = {
      type: 'WalletUnfrozen',
      data: { walletId, disputeId, outcome: 'won', removedUnits: 0, unfrozenAt: now.toISOString() },
    };

    it('a frozen wallet spends nothing', () => {
      spec
        .given([credited(9000), frozen])
        .when((state) => decideSpend(spend, state, now))
        .thenThrows('wallet_frozen');
    });

    it('a frozen wallet still pays what a hold placed before covers, and nothing beyond it', () => {
      spec
        .given([credited(9000), held, frozen])
        .when((state) => decideSpend({ ...spend, amountUnits: 4000, holdId }, state, now))
        .then([
          { ...bought, data: { ...bought.data, promotionalUnits: 4000 } } as DomainEvent,
          expect.objectContaining({ type: 'AuracoinDebited' }) as DomainEvent,
        ]);
      spec
        .given([credited(9000), held, frozen])
        .when((state) => decideSpend({ ...spend, amountUnits: 4001, holdId }, state, now))
        .thenThrows('wallet_frozen');
    });

    it('a frozen wallet places no hold', () => {
      spec
        .given([credited(9000), frozen])
        .when((state) => decideHold(hold, state, now))
        .thenThrows('wallet_frozen');
    });

    it('an unfrozen wallet spends again', () => {
      spec
        .given([credited(9000), frozen, unfrozen])
        .when((state) => decideSpend(spend, state, now))
        .then([bought, expect.objectContaining({ type: 'AuracoinDebited' }) as DomainEvent]);
    });
  });
});

describe('walletIdOfStream', () => {
  it("names the wallet of a wallet's stream, and nothing for any other stream", () => {
    expect(walletIdOfStream(`wallet-${walletId}`)).toBe(walletId);
    expect(walletIdOfStream(`earnings-${walletId}`)).toBeUndefined();
    expect(walletIdOfStream(`session-wallet-${walletId}`)).toBeUndefined();
  });
});
