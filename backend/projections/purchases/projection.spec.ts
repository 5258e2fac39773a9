import type { DomainEvent } from '@aura/contracts';
import { evolvePurchase, toPurchaseView, type PurchaseDoc } from './projection';

const purchaseId = '3e0f7a4b-1cad-4b96-ad84-8d7f4e5a6b72';
const userId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const packageId = '4f1a8b5c-2dbe-4ca7-be95-9e8a5f6b7c83';
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
    offerBonusPercent: 20,
    auracoinUnits: 13200,
    provider: 'sandbox',
    checkoutId: 'cs_test_x',
    checkoutUrl: '/api/payments/sandbox/cs_test_x',
    idempotencyKey: 'k',
    startedAt: '2026-11-20T10:00:00.000Z',
  },
};
const confirmed: DomainEvent = {
  type: 'PaymentConfirmed',
  data: { purchaseId, checkoutId: 'cs_test_x', providerPaymentId: 'pi', confirmedAt: '2026-11-20T10:01:00.000Z' },
};
const declined: DomainEvent = {
  type: 'PaymentDeclined',
  data: { purchaseId, checkoutId: 'cs_test_x', declinedAt: '2026-11-20T10:01:00.000Z' },
};
const replay = (events: DomainEvent[]) => events.reduce<PurchaseDoc | null>(evolvePurchase, null);

describe('purchases read model', () => {
  it('shows a started purchase as pending with its quote', () => {
    expect(toPurchaseView(replay([started])!)).toEqual({
      id: purchaseId,
      packageId,
      status: 'pending',
      checkoutUrl: '/api/payments/sandbox/cs_test_x',
      credits: 100,
      auracoin: 132,
      price: 94.05,
      discountPercent: 5,
      offerBonusPercent: 20,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('becomes paid or declined; a decline after payment changes nothing', () => {
    expect(replay([started, confirmed])?.status).toBe('paid');
    expect(replay([started, declined])?.status).toBe('declined');
    expect(replay([started, confirmed, declined])?.status).toBe('paid');
  });
});
