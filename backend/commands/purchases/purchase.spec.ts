import { errorMessages, type DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import {
  decideConfirmPayment,
  decideDeclinePayment,
  decideStartCheckout,
  purchase,
  settlementEventName,
} from './purchase';

const now = new Date('2026-11-20T10:00:00.000Z');
const purchaseId = '3e0f7a4b-1cad-4b96-ad84-8d7f4e5a6b72';
const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const packageId = '4f1a8b5c-2dbe-4ca7-be95-9e8a5f6b7c83';
const offerId = '2d9e6f3a-0b9c-4a85-9c73-7c6e3d4f5a61';
const start = {
  purchaseId,
  userId,
  idempotencyKey: 'k',
  pkg: { packageId, credits: 100, bonus: 10, priceCents: 9900 },
  totalSpent: 600,
  offer: { offerId, bonusPercent: 20 },
  checkout: { provider: 'sandbox', checkoutId: 'cs_test_1', url: '/api/payments/sandbox/cs_test_1' },
};
const started: DomainEvent = {
  type: 'CheckoutStarted',
  data: {
    purchaseId,
    userId,
    packageId,
    credits: 100,
    bonus: 10,
    listPriceCents: 9900,
    priceCents: 9405,
    tier: 'Silver',
    discountPercent: 5,
    offerId,
    offerBonusPercent: 20,
    auracoinUnits: 13200,
    provider: 'sandbox',
    checkoutId: 'cs_test_1',
    checkoutUrl: '/api/payments/sandbox/cs_test_1',
    idempotencyKey: 'k',
    startedAt: now.toISOString(),
  },
};
const confirmedEvent: DomainEvent = {
  type: 'PaymentConfirmed',
  data: { purchaseId, checkoutId: 'cs_test_1', providerPaymentId: 'pi', confirmedAt: now.toISOString() },
};
const paid = { checkoutId: 'cs_test_1', paymentId: 'pi', amountCents: 9405 };

describe('purchase decider', () => {
  const spec = deciderSpec(purchase);

  it('starts a checkout at the tier price with the offer bonus', () => {
    spec
      .given([])
      .when((state) => decideStartCheckout(start, state, now))
      .then([started]);
  });

  it('refuses to start the same purchase twice', () => {
    spec
      .given([started])
      .when((state) => decideStartCheckout(start, state, now))
      .thenThrows('conflict');
  });

  it('confirms a payment: paid on the purchase, purchased and credited on the wallet', () => {
    const state = [started].reduce(purchase.evolve, purchase.initialState());
    expect(decideConfirmPayment(paid, state, now)).toEqual({
      purchaseEvents: [confirmedEvent],
      walletEvents: [
        {
          type: 'AuracoinPurchased',
          data: {
            purchaseId,
            walletId: userId,
            packageId,
            credits: 100,
            amount: 13200,
            priceCents: 9405,
            provider: 'sandbox',
            providerPaymentId: 'pi',
            purchasedAt: now.toISOString(),
          },
        },
        {
          type: 'AuracoinCredited',
          data: { walletId: userId, amount: 13200, reason: 'purchase', purchaseId, creditedAt: now.toISOString() },
        },
      ],
    });
  });

  it('does nothing for a confirmation of a paid purchase', () => {
    const state = [started, confirmedEvent].reduce(purchase.evolve, purchase.initialState());
    expect(decideConfirmPayment(paid, state, now)).toEqual({ purchaseEvents: [], walletEvents: [] });
  });

  it('refuses a wrong amount, another checkout, an unknown purchase', () => {
    const state = [started].reduce(purchase.evolve, purchase.initialState());
    expect(() => decideConfirmPayment({ ...paid, amountCents: 1 }, state, now)).toThrow(
      errorMessages.validation_failed,
    );
    expect(() => decideConfirmPayment({ ...paid, checkoutId: 'cs_other' }, state, now)).toThrow(
      errorMessages.validation_failed,
    );
    expect(() => decideConfirmPayment(paid, purchase.initialState(), now)).toThrow(errorMessages.not_found);
  });

  it('declines a pending purchase, and ignores a late failure after payment', () => {
    spec
      .given([started])
      .when((state) => decideDeclinePayment({ checkoutId: 'cs_test_1' }, state, now))
      .then([
        { type: 'PaymentDeclined', data: { purchaseId, checkoutId: 'cs_test_1', declinedAt: now.toISOString() } },
      ]);
    spec
      .given([started, confirmedEvent])
      .when((state) => decideDeclinePayment({ checkoutId: 'cs_test_1' }, state, now))
      .then([]);
  });

  it('a purchase without a running offer gets no offer bonus, only the package’s own', () => {
    const { offerId: _none, ...withoutOffer } = started.data as Extract<
      DomainEvent,
      { type: 'CheckoutStarted' }
    >['data'];
    spec
      .given([])
      .when((state) => decideStartCheckout({ ...start, offer: null }, state, now))
      .then([{ type: 'CheckoutStarted', data: { ...withoutOffer, offerBonusPercent: 0, auracoinUnits: 11000 } }]);
  });

  it('a purchase is declined once; a decline of an unknown purchase or of another checkout is refused', () => {
    const declined: DomainEvent = {
      type: 'PaymentDeclined',
      data: { purchaseId, checkoutId: 'cs_test_1', declinedAt: now.toISOString() },
    };
    spec
      .given([started, declined])
      .when((state) => decideDeclinePayment({ checkoutId: 'cs_test_1' }, state, now))
      .then([]);
    spec
      .given([])
      .when((state) => decideDeclinePayment({ checkoutId: 'cs_test_1' }, state, now))
      .thenThrows('not_found');
    spec
      .given([started])
      .when((state) => decideDeclinePayment({ checkoutId: 'cs_other' }, state, now))
      .thenThrows('validation_failed');
  });

  it('a confirmation or a decline of no purchase leaves it unknown', () => {
    const state = [
      confirmedEvent,
      {
        type: 'PaymentDeclined',
        data: { purchaseId, checkoutId: 'cs_test_1', declinedAt: now.toISOString() },
      } as DomainEvent,
    ].reduce(purchase.evolve, purchase.initialState());
    expect(state).toEqual({ status: 'none' });
  });

  it('each refusal says why', () => {
    const state = [started].reduce(purchase.evolve, purchase.initialState());
    spec
      .given([started])
      .when((s) => decideStartCheckout(start, s, now))
      .thenThrows('conflict');
    expect(() => decideConfirmPayment(paid, purchase.initialState(), now)).toThrow(errorMessages.not_found);
    expect(() => decideConfirmPayment({ ...paid, checkoutId: 'cs_other' }, state, now)).toThrow(
      errorMessages.validation_failed,
    );
    expect(() => decideConfirmPayment({ ...paid, amountCents: 1 }, state, now)).toThrow(
      errorMessages.validation_failed,
    );
    expect(() => decideDeclinePayment({ checkoutId: 'cs_test_1' }, purchase.initialState(), now)).toThrow(
      errorMessages.not_found,
    );
  });

  it('a payment confirmed after a decline still pays the purchase and credits it once', () => {
    const declined: DomainEvent = {
      type: 'PaymentDeclined',
      data: { purchaseId, checkoutId: 'cs_test_1', declinedAt: now.toISOString() },
    };
    const state = [started, declined, confirmedEvent].reduce(purchase.evolve, purchase.initialState());
    expect(state).toMatchObject({ status: 'paid' });
    expect(decideConfirmPayment(paid, state, now)).toEqual({ purchaseEvents: [], walletEvents: [] });
  });

  it('an event that is no purchase’s changes nothing; a settlement’s events are named by the purchase and their place', () => {
    const state = [started].reduce(purchase.evolve, purchase.initialState());
    expect(
      purchase.evolve(state, {
        type: 'AuracoinCredited',
        data: { walletId: userId, amount: 1, reason: 'welcome', creditedAt: now.toISOString() },
      }),
    ).toEqual(state);
    expect(settlementEventName(purchaseId, 1)).toBe(`purchase-settlement:${purchaseId}:1`);
  });
});
