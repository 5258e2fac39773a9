/**
 * Promotional units (docs/architecture.md#promotional-units): the wallet keeps purchased auracoin
 * (by card purchase, oldest first) apart from promotional ones (the welcome coins, an admin's
 * credit), and every spend takes purchased units first. One rule per case.
 */
import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { decideAdjustBalance } from './adjust';
import { foldWallet } from './fold';
import { decideHold, decideRelease, decideSpend, wallet } from './wallet';

const now = new Date('2026-11-20T10:00:00.000Z');
const at = now.toISOString();
const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const holdId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const firstPurchase = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const secondPurchase = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const photoId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

const welcome: DomainEvent = {
  type: 'AuracoinCredited',
  data: { walletId, amount: 1000, reason: 'welcome', creditedAt: at },
};
const bought = (amount: number, purchaseId = firstPurchase): DomainEvent => ({
  type: 'AuracoinCredited',
  data: { walletId, amount, reason: 'purchase', purchaseId, creditedAt: at },
});
const photo = (priceUnits: number): DomainEvent => ({
  type: 'PhotoPurchased',
  data: { purchaseId: photoId, walletId, photoId, performerId, priceUnits, purchasedAt: at },
});
const spend = (amountUnits: number, hold?: string) => ({
  walletId,
  amountUnits,
  purchase: photo(amountUnits),
  reason: 'photo',
  reference: photoId,
  ...(hold ? { holdId: hold } : {}),
});
/** a debit as written before the split was recorded */
const legacyDebit = (amount: number): DomainEvent => ({
  type: 'AuracoinDebited',
  data: { walletId, amount, reason: 'photo', reference: photoId, debitedAt: at },
});

describe('promotional units', () => {
  const spec = deciderSpec(wallet);

  it('welcome coins are promotional, a card purchase credits purchased units', () => {
    expect(foldWallet([welcome, bought(300)])).toMatchObject({
      balance: 1300,
      purchased: 300,
      promotional: 1000,
      lots: [{ purchaseId: firstPurchase, units: 300 }],
    });
  });

  it('purchased units are spent before promotional ones', () => {
    spec
      .given([welcome, bought(300)])
      .when((state) => decideSpend(spend(500), state, now))
      .then([
        {
          type: 'PhotoPurchased',
          data: { ...photo(500).data, purchasedUnits: 300, promotionalUnits: 200 },
        } as DomainEvent,
        {
          type: 'AuracoinDebited',
          data: {
            walletId,
            amount: 500,
            reason: 'photo',
            reference: photoId,
            purchasedAmount: 300,
            promotionalAmount: 200,
            debitedAt: at,
          },
        },
      ]);
  });

  it('purchased units leave by the oldest card purchase first', () => {
    const [, debit] = decideSpend(spend(400), foldWallet([bought(300), bought(200, secondPurchase)]), now);
    expect(foldWallet([bought(300), bought(200, secondPurchase), debit!]).lots).toEqual([
      { purchaseId: secondPurchase, units: 100 },
    ]);
  });

  it('a hold takes purchased units first, and a debit from it pays with what it took', () => {
    spec
      .given([welcome, bought(300)])
      .when((state) => decideHold({ walletId, holdId, amountUnits: 500, reason: 'session' }, state, now))
      .then([
        {
          type: 'AuracoinHeld',
          data: {
            walletId,
            holdId,
            amount: 500,
            reason: 'session',
            purchasedAmount: 300,
            promotionalAmount: 200,
            heldAt: at,
          },
        },
      ]);
    const [held] = decideHold(
      { walletId, holdId, amountUnits: 500, reason: 'session' },
      foldWallet([welcome, bought(300)]),
      now,
    );
    // another spend may use only what the hold left: the promotional units
    expect(decideSpend(spend(100), foldWallet([welcome, bought(300), held!]), now)[1]!.data).toMatchObject({
      purchasedAmount: 0,
      promotionalAmount: 100,
    });
    expect(decideSpend(spend(400, holdId), foldWallet([welcome, bought(300), held!]), now)[1]!.data).toMatchObject({
      purchasedAmount: 300,
      promotionalAmount: 100,
    });
  });

  it('a released hold gives back what it took, per kind', () => {
    const state = foldWallet([welcome, bought(300)]);
    const [held] = decideHold({ walletId, holdId, amountUnits: 500, reason: 'session' }, state, now);
    const [, debit] = decideSpend(spend(200, holdId), foldWallet([welcome, bought(300), held!]), now);
    const before = foldWallet([welcome, bought(300), held!, debit!]);
    spec
      .given([welcome, bought(300), held!, debit!])
      .when((current) => decideRelease(walletId, holdId, current, now))
      .then([
        {
          type: 'AuracoinReleased',
          data: { walletId, holdId, amount: 300, purchasedAmount: 100, promotionalAmount: 200, releasedAt: at },
        },
      ]);
    const [released] = decideRelease(walletId, holdId, before, now);
    expect(foldWallet([welcome, bought(300), held!, debit!, released!])).toMatchObject({
      balance: 1100,
      purchased: 100,
      promotional: 1000,
      held: 0,
    });
  });

  it("an admin's increase is promotional; a decrease takes promotional units first", () => {
    spec
      .given([bought(300)])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: 1300, adminId: 'a' }, state, now))
      .then([
        {
          type: 'AuracoinAdjusted',
          data: {
            walletId,
            amount: 1000,
            balanceBefore: 300,
            balanceAfter: 1300,
            adminId: 'a',
            purchasedAmount: 0,
            promotionalAmount: 1000,
            adjustedAt: at,
          },
        },
      ]);
    spec
      .given([welcome, bought(300)])
      .when((state) => decideAdjustBalance({ walletId, targetUnits: 200, adminId: 'a' }, state, now))
      .then([
        {
          type: 'AuracoinAdjusted',
          data: {
            walletId,
            amount: -1100,
            balanceBefore: 1300,
            balanceAfter: 200,
            adminId: 'a',
            purchasedAmount: -100,
            promotionalAmount: -1000,
            adjustedAt: at,
          },
        },
      ]);
  });

  it('a spend written before the split folds purchased first, the same way every time', () => {
    const log = [welcome, bought(300), legacyDebit(500)];
    expect(foldWallet(log)).toMatchObject({ balance: 800, purchased: 0, promotional: 800, lots: [] });
    expect(foldWallet(log)).toEqual(foldWallet(log));
  });
});
