import { SANDBOX_CHECKOUT_PREFIX } from '../../platform/payments/sandbox';
import type { Dispute } from './disputes';
import type { Purchase } from './purchase';
import { checkoutOf, checkoutPurchaseId, disputable, openedDispute } from './sandbox-checkout';

const purchaseId = '3e0f7a4b-1cad-4b96-ad84-8d7f4e5a6b72';
const checkoutId = `${SANDBOX_CHECKOUT_PREFIX}${purchaseId}`;
const bought = (status: 'pending' | 'paid' | 'declined'): Purchase => ({
  status,
  purchaseId,
  userId: '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f',
  packageId: '4f1a8b5c-2dbe-4ca7-be95-9e8a5f6b7c83',
  credits: 100,
  checkoutId,
  priceCents: 9900,
  auracoinUnits: 11_000,
  provider: 'sandbox',
  idempotencyKey: 'k',
});
const notFound = () => expect.objectContaining({ status: 404, code: 'not_found' });

describe('sandbox checkout pages', () => {
  it('a checkout id names one of our purchases, or nothing', () => {
    expect(checkoutPurchaseId(checkoutId)).toBe(purchaseId);
    expect(() => checkoutPurchaseId(purchaseId)).toThrow(notFound());
    expect(() => checkoutPurchaseId(`${SANDBOX_CHECKOUT_PREFIX}../../etc`)).toThrow(notFound());
  });
  it('shows a started purchase through its own checkout only', () => {
    expect(checkoutOf(bought('pending'), checkoutId)).toEqual(bought('pending'));
    expect(() => checkoutOf({ status: 'none' }, checkoutId)).toThrow(notFound());
    expect(() => checkoutOf(bought('pending'), `${checkoutId}x`)).toThrow(notFound());
  });
  it('disputes a paid purchase only, and closes an opened dispute only', () => {
    expect(disputable(bought('paid'))).toEqual(bought('paid'));
    for (const state of [{ status: 'none' } as const, bought('pending'), bought('declined')])
      expect(() => disputable(state)).toThrow(notFound());
    const opened: Dispute = { status: 'open', disputeId: 'd', providerDisputeId: 'dp', purchaseId, walletId: 'w' };
    expect(openedDispute(opened)).toBe(opened);
    expect(() => openedDispute({ status: 'none' })).toThrow(notFound());
  });
});
