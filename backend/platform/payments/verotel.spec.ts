import { flexpaySignature } from './flexpay';
import { centsOfFlexpayAmount, createVerotelProvider, flexpayAmount, readFlexpayPostback } from './verotel';

const options = {
  shopId: '68849',
  signatureKey: 'key',
  brand: 'CardBilling' as const,
  publicUrl: 'https://aura.example',
};
const purchaseId = '3e0f7a4b-1cad-4b96-ad84-8d7f4e5a6b72';

describe('the Verotel FlexPay adapter', () => {
  it("opens the brand's purchase page, amounts in nnn.nn, addresses made absolute on PUBLIC_URL", async () => {
    const checkout = await createVerotelProvider(options).createCheckout({
      purchaseId,
      amountCents: 123_405,
      currency: 'eur',
      description: '1.100 auracoin',
      successUrl: '/user?purchase=1',
      cancelUrl: 'https://elsewhere.example/back',
    });
    expect(checkout.checkoutId).toBe(`verotel_${purchaseId}`);
    const url = new URL(checkout.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://secure.billing.creditcard/startorder');
    const { signature, ...params } = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      priceAmount: '1234.05',
      successURL: 'https://aura.example/user?purchase=1',
      declineURL: 'https://elsewhere.example/back',
    });
    expect(signature).toBe(flexpaySignature(options, params));
  });

  it('reads FlexPay amounts to cents, and nothing that is no amount', () => {
    expect([flexpayAmount(5), flexpayAmount(999), flexpayAmount(100_000)]).toEqual(['0.05', '9.99', '1000.00']);
    expect(['7', '7.5', '7.05', '0.00'].map(centsOfFlexpayAmount)).toEqual([700, 750, 705, 0]);
    expect(['7.005', '-1', '1e3', '', undefined, ' 7'].map(centsOfFlexpayAmount)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads a sale, a credit or chargeback (as event or as type), and ignores the rest', () => {
    const sale = {
      type: 'purchase',
      saleID: '1',
      referenceID: purchaseId.toUpperCase(),
      priceAmount: '9.99',
      priceCurrency: 'EUR',
    };
    expect(readFlexpayPostback(sale)).toEqual({
      kind: 'sale',
      eventId: 'verotel:purchase::1:',
      saleId: '1',
      purchaseId,
      amountCents: 999,
      currency: 'EUR',
    });
    expect(readFlexpayPostback({ ...sale, referenceID: 'mine' })).toMatchObject({ kind: 'sale', purchaseId: null });
    expect(readFlexpayPostback({ ...sale, event: 'credit', transactionID: '9' })).toEqual({
      kind: 'reversal',
      eventId: 'verotel:purchase:credit:1:9',
      reason: 'credit',
      saleId: '1',
      purchaseId,
    });
    expect(readFlexpayPostback({ type: 'chargeback', saleID: '1' })).toMatchObject({
      kind: 'reversal',
      reason: 'chargeback',
      purchaseId: null,
    });
    expect(readFlexpayPostback({ type: 'purchase', event: 'credit' })).toMatchObject({ kind: 'ignored' });
    expect(readFlexpayPostback({ type: 'subscription', event: 'rebill', saleID: '1' })).toMatchObject({
      kind: 'ignored',
      type: 'subscription/rebill',
    });
    expect(readFlexpayPostback({})).toMatchObject({ kind: 'ignored', type: '(none)' });
  });

  it('never reads a JSON webhook: Verotel posts back by GET', () => {
    expect(() => createVerotelProvider(options).parseWebhook('{}', undefined, new Date())).toThrow(/GET/);
  });
});
