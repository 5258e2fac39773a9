/**
 * Verotel FlexPay (issue 38 item 9), against a local fake that answers as Verotel documents: the
 * purchase page's address as FlexPay reads it, and its postbacks (GET, every parameter signed with
 * SHA-256 over the signature key and the sorted `key=value` pairs joined by ':'), signed here by the
 * spec itself, not by the code under test.
 */
import { createHash } from 'node:crypto';
import { refundStreams, streams } from '@aura/contracts';
import { packageOnSale, registeredUser } from '../../test/api-fixtures';
import {
  apiSpec,
  expectNewEvents,
  expectNewEventTypes,
  expectNoNewEvents,
  expectResponse,
  priorRequest,
  SpecRequest,
  user,
  type SpecCheck,
} from '../../test/api-spec';
import { disputeIdFor } from './disputes';
import { purchaseIdFor } from './service';

const SHOP = '68849';
const KEY = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J';
const spec = apiSpec({
  covers: ['verotelPostback'],
  env: {
    PAYMENT_PROVIDER: 'verotel',
    VEROTEL_SHOP_ID: SHOP,
    VEROTEL_SIGNATURE_KEY: KEY,
    PUBLIC_URL: 'https://aura.example',
  },
});

const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const PACKAGE = '1f2e3d4c-5b6a-4798-8a1b-2c3d4e5f6a7b';
const PURCHASE = purchaseIdFor(BOB, 'checkout-1');
const SALE = '433456';
const DISPUTE = disputeIdFor('verotel', `sale:${SALE}`);

/** Verotel's signature: SHA-256 of the key and every parameter, sorted by key, joined by ':' */
const signed = (params: Record<string, string>) => {
  const pairs = Object.keys(params)
    .sort()
    .map((key) => `${key}=${params[key]}`);
  return {
    ...params,
    signature: createHash('sha256')
      .update([KEY, ...pairs].join(':'))
      .digest('hex'),
  };
};
const postback = (params: Record<string, string>) => `/api/payments/verotel/postback?${new URLSearchParams(params)}`;

/** the sale's postback as Verotel sends it once the buyer paid */
const sale = (overrides: Record<string, string> = {}) => ({
  shopID: SHOP,
  type: 'purchase',
  saleID: SALE,
  referenceID: PURCHASE,
  priceAmount: '9.99',
  priceCurrency: 'EUR',
  paymentMethod: 'CC',
  transactionID: '7001',
  description: '100 auracoin',
  ...overrides,
});
/** a refund Verotel made of the sale (`credit`), or a chargeback of it */
const reversal = (event: 'credit' | 'chargeback', transactionID: string) => ({
  shopID: SHOP,
  type: 'purchase',
  event,
  saleID: SALE,
  referenceID: PURCHASE,
  amount: '9.99',
  currency: 'EUR',
  transactionID,
  parentID: '7001',
});

const bobAndPackage = [...registeredUser(BOB), packageOnSale(PACKAGE, { credits: 100, priceCents: 999 })];
const checkoutOpened = priorRequest((request) =>
  request.post('/api/purchases', { packageId: PACKAGE }).header('idempotency-key', 'checkout-1').as(user(BOB)),
);
const saleNotified = priorRequest((request) => request.get(postback(signed(sale()))));
const credited = priorRequest((request) => request.get(postback(signed(reversal('credit', '7002')))));

const answersText = (status: number, text: string): SpecCheck => {
  const check = expectResponse(status, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return (result) => {
    check(result);
    expect(result.response.text).toBe(text);
  };
};

describe('Verotel FlexPay', () => {
  describe('POST /api/purchases', () => {
    it("answers FlexPay's purchase page for the purchase, signed as the official client signs it", async () => {
      const { response } = await spec
        .given(...bobAndPackage)
        .when((request) =>
          request.post('/api/purchases', { packageId: PACKAGE }).header('idempotency-key', 'checkout-1').as(user(BOB)),
        )
        .then([expectResponse(201, { body: { id: PURCHASE, status: 'pending' } })]);
      const url = new URL((response.body as { checkoutUrl: string }).checkoutUrl);
      expect(`${url.origin}${url.pathname}`).toBe('https://secure.verotel.com/startorder');
      const params = Object.fromEntries(url.searchParams);
      expect(params).toEqual({
        declineURL: `https://aura.example/user?purchase=${PURCHASE}`,
        description: '100 auracoin',
        priceAmount: '9.99',
        priceCurrency: 'EUR',
        referenceID: PURCHASE,
        shopID: SHOP,
        successURL: `https://aura.example/user?purchase=${PURCHASE}`,
        type: 'purchase',
        version: '4',
        signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      // sorted by key, the signature last, and it is the signature of the others
      expect([...url.searchParams.keys()]).toEqual([
        ...Object.keys(params)
          .filter((key) => key !== 'signature')
          .sort(),
        'signature',
      ]);
      const { signature, ...rest } = params;
      expect(signed(rest).signature).toBe(signature);
    });
  });

  describe('GET /api/payments/verotel/postback', () => {
    it('a signed sale credits his wallet and marks the purchase paid: OK', () =>
      spec
        .given(...bobAndPackage, checkoutOpened)
        .when((request) => request.get(postback(signed(sale()))))
        .then([
          answersText(200, 'OK'),
          expectNewEvents(streams.wallet(BOB), [
            { type: 'AuracoinPurchased', data: { purchaseId: PURCHASE, amount: 10_000, providerPaymentId: SALE } },
            { type: 'AuracoinCredited', data: { walletId: BOB, amount: 10_000, reason: 'purchase' } },
          ]),
          expectNewEvents(streams.purchase(PURCHASE), [
            { type: 'PaymentConfirmed', data: { checkoutId: `verotel_${PURCHASE}`, providerPaymentId: SALE } },
          ]),
        ]));

    it('the same sale again (Verotel repeats it) answers OK and credits nothing more', () =>
      spec
        .given(...bobAndPackage, checkoutOpened, saleNotified)
        .when((request) => request.get(postback(signed(sale()))))
        .then([answersText(200, 'OK'), expectNoNewEvents()]));

    it('a wrong signature, or none, is refused: 400 ERROR - Invalid signature!, nothing credited', async () => {
      const good = signed(sale());
      const otherKey = createHash('sha256').update(`another-key:${good.signature}`).digest('hex');
      for (const query of [
        postback({ ...good, priceAmount: '0.01' }), // tampered after signing
        postback(sale()), // no signature
        postback({ ...good, signature: otherKey }),
        postback(signed(sale({ shopID: '1' }))), // another shop's, signed with our key
        `${postback(good)}&saleID=${SALE}`, // a parameter given twice
      ])
        await spec
          .given(...bobAndPackage, checkoutOpened)
          .when((request) => request.get(query))
          .then([answersText(400, 'ERROR - Invalid signature!'), expectNoNewEvents()]);
    });

    it('a sale of a purchase we never opened is refused (Verotel refunds it), nothing credited', () =>
      spec
        .given(...bobAndPackage)
        .when((request) => request.get(postback(signed(sale()))))
        .then([answersText(404, 'ERROR - Unknown purchase'), expectNoNewEvents()]));

    it('a sale for another amount or currency than the purchase is refused, nothing credited', async () => {
      const others: Record<string, string>[] = [
        { priceAmount: '0.99' },
        { priceCurrency: 'USD' },
        { priceAmount: 'lots' },
      ];
      for (const other of others)
        await spec
          .given(...bobAndPackage, checkoutOpened)
          .when((request) => request.get(postback(signed(sale(other)))))
          .then([answersText(422, 'ERROR - Amount or currency differs from the purchase'), expectNoNewEvents()]);
    });

    it('a chargeback of a paid sale: the dispute is lost at once, his purchased units removed', () =>
      spec
        .given(...bobAndPackage, checkoutOpened, saleNotified)
        .when((request) => request.get(postback(signed(reversal('chargeback', '7003')))))
        .then([
          answersText(200, 'OK'),
          expectNewEvents(refundStreams.dispute(DISPUTE), [
            {
              type: 'DisputeOpened',
              data: { provider: 'verotel', purchaseId: PURCHASE, walletId: BOB, amountCents: 999 },
            },
            { type: 'DisputeClosed', data: { outcome: 'lost' } },
          ]),
          expectNewEvents(streams.wallet(BOB), [
            { type: 'WalletFrozen', data: { disputeId: DISPUTE, purchaseId: PURCHASE, lockedUnits: 10_000 } },
            { type: 'WalletUnfrozen', data: { outcome: 'lost', removedUnits: 10_000 } },
            { type: 'AuracoinDebited', data: { amount: 10_000, reason: 'chargeback', purchaseId: PURCHASE } },
          ]),
        ]));

    it('a refund Verotel made (credit), then a chargeback of the same sale: the units go once', () =>
      spec
        .given(...bobAndPackage, checkoutOpened, saleNotified, credited)
        .when((request) => request.get(postback(signed(reversal('chargeback', '7003')))))
        .then([answersText(200, 'OK'), expectNoNewEvents()]));

    it('a credit and a chargeback of the same sale at once: the units go once; a postback that lost the race is repeated and then OK', async () => {
      const world = await spec.world();
      try {
        await world.append(...bobAndPackage);
        const bob = world.sessionCookie({ kind: 'user', id: BOB });
        const opened = new SpecRequest('post', '/api/purchases', { packageId: PACKAGE });
        await world.send(opened.header('idempotency-key', 'checkout-1').header('cookie', bob));
        expect((await world.send(new SpecRequest('get', postback(signed(sale()))))).text).toBe('OK');
        await world.settled();
        const reversals = [
          postback(signed(reversal('credit', '7002'))),
          postback(signed(reversal('chargeback', '7003'))),
        ];
        const answers = await Promise.all(reversals.map((url) => world.send(new SpecRequest('get', url))));
        for (const [index, answer] of answers.entries()) {
          if (answer.status === 200) continue;
          // a write that met the other's (409 concurrency_conflict) is not OK: sent again, it is
          expect(answer.status).toBe(409);
          expect((await world.send(new SpecRequest('get', reversals[index]!))).text).toBe('OK');
        }
        await world.settled();
        const wallet = await world.ports.eventStore.readStream(streams.wallet(BOB));
        expect(wallet.filter((event) => event.type === 'AuracoinDebited').map((event) => event.data)).toMatchObject([
          { amount: 10_000, reason: 'chargeback', reference: DISPUTE },
        ]);
        expect(wallet.filter((event) => event.type === 'WalletFrozen')).toHaveLength(1);
      } finally {
        await world.close();
      }
    });

    it('a refund before its sale (out of order): recorded, the purchase declined, nothing credited or taken', () =>
      spec
        .given(...bobAndPackage, checkoutOpened)
        .when((request) => request.get(postback(signed(reversal('credit', '7002')))))
        .then([
          answersText(200, 'OK'),
          expectNewEventTypes([
            `${refundStreams.dispute(DISPUTE)} DisputeOpened`,
            `${refundStreams.dispute(DISPUTE)} DisputeClosed`,
            `${streams.purchase(PURCHASE)} PaymentDeclined`,
          ]),
        ]));

    it('the sale arriving after its refund credits nothing, and his balance never goes below zero', () =>
      spec
        .given(...bobAndPackage, checkoutOpened, credited)
        .when((request) => request.get(postback(signed(sale()))))
        .then([answersText(200, 'OK'), expectNoNewEvents()]));

    it('a chargeback written as its own type, of a sale we do not know, is refused until the sale is known', () =>
      spec
        .given(...bobAndPackage)
        .when((request) =>
          request.get(postback(signed({ shopID: SHOP, type: 'chargeback', saleID: '999', transactionID: '8001' }))),
        )
        .then([answersText(404, 'ERROR - Unknown purchase'), expectNoNewEvents()]));

    it("a subscription's postback is none of ours: OK, nothing changes", () =>
      spec
        .given(...bobAndPackage, checkoutOpened)
        .when((request) =>
          request.get(postback(signed({ shopID: SHOP, type: 'subscription', event: 'rebill', saleID: SALE }))),
        )
        .then([answersText(200, 'OK'), expectNoNewEvents()]));
  });
});
