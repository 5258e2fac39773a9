import { refundStreams, streams } from '@aura/contracts';
import { signatureHeader } from '../../platform/payments/signature';
import { completedEventBody } from '../../platform/payments/webhook-event';
import { at, packageOnSale, registeredUser } from '../../test/api-fixtures';
import {
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  priorRequest,
  SpecRequest,
  type RequestBuilder,
  SPEC_NOW,
  SPEC_SANDBOX_WEBHOOK_SECRET,
  user,
} from '../../test/api-spec';
import { purchaseIdFor } from './service';

const spec = apiSpec({
  covers: [
    'createPurchase',
    'paymentWebhook',
    'sandboxConfirm',
    'sandboxDecline',
    'sandboxOpenDispute',
    'sandboxCloseDispute',
  ],
});

const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const PACKAGE = '1f2e3d4c-5b6a-4798-8a1b-2c3d4e5f6a7b';
const KEY = 'checkout-1';
const PURCHASE = purchaseIdFor(BOB, KEY);
const CHECKOUT = `cs_test_${PURCHASE}`;

const bobAndPackage = [...registeredUser(BOB), packageOnSale(PACKAGE, { credits: 100, priceCents: 999 })];
/** Bob opened the checkout of the package (through the route: its quote is the rules') */
const checkoutOpened = priorRequest((request) =>
  request.post('/api/purchases', { packageId: PACKAGE }).header('idempotency-key', KEY).as(user(BOB)),
);
const paid = priorRequest((request) => request.post(`/api/payments/sandbox/${CHECKOUT}/confirm`));
const disputed = priorRequest((request) => request.post(`/api/payments/sandbox/purchases/${PURCHASE}/dispute`));

const completed = completedEventBody({
  eventId: 'evt_spec_1',
  checkoutId: CHECKOUT,
  purchaseId: PURCHASE,
  amountCents: 999,
  paymentId: 'pi_spec_1',
});

describe('purchases API', () => {
  describe('POST /api/purchases', () => {
    it('he opens a checkout for a package: priced by the rules, named by his key', () =>
      spec
        .given(...bobAndPackage)
        .when((request) =>
          request.post('/api/purchases', { packageId: PACKAGE }).header('idempotency-key', KEY).as(user(BOB)),
        )
        .then([
          expectResponse(201, { body: { id: PURCHASE, packageId: PACKAGE, status: 'pending' } }),
          expectNewEvents(streams.purchase(PURCHASE), [
            {
              type: 'CheckoutStarted',
              data: { userId: BOB, packageId: PACKAGE, priceCents: 999, auracoinUnits: 10_000, checkoutId: CHECKOUT },
            },
          ]),
        ]));

    it('refuses a package that is not on sale', () =>
      spec
        .given(...registeredUser(BOB))
        .when((request) =>
          request.post('/api/purchases', { packageId: PACKAGE }).header('idempotency-key', KEY).as(user(BOB)),
        )
        .then([expectError(404, 'not_found')]));

    it('refuses a checkout without an Idempotency-Key', () =>
      spec
        .given(...bobAndPackage)
        .when((request) => request.post('/api/purchases', { packageId: PACKAGE }).as(user(BOB)))
        .then([expectError(400, 'validation_failed')]));
  });

  describe('POST /api/payments/webhook', () => {
    it("the provider's signed completion credits his wallet once and marks the purchase paid", () =>
      spec
        .given(...bobAndPackage, checkoutOpened)
        .when((request) =>
          request
            .post('/api/payments/webhook')
            .raw(completed, 'application/json')
            .header('stripe-signature', signatureHeader(completed, SPEC_SANDBOX_WEBHOOK_SECRET, SPEC_NOW)),
        )
        .then([
          expectResponse(200, { body: { received: true } }),
          expectNewEvents(streams.wallet(BOB), [
            {
              type: 'AuracoinPurchased',
              data: { purchaseId: PURCHASE, amount: 10_000, providerPaymentId: 'pi_spec_1' },
            },
            { type: 'AuracoinCredited', data: { walletId: BOB, amount: 10_000, reason: 'purchase' } },
          ]),
          expectNewEvents(streams.purchase(PURCHASE), [{ type: 'PaymentConfirmed', data: { checkoutId: CHECKOUT } }]),
        ]));

    it('refuses a body whose signature is not the secret’s', () =>
      spec
        .given(...bobAndPackage, checkoutOpened)
        .when((request) =>
          request
            .post('/api/payments/webhook')
            .raw(completed, 'application/json')
            .header('stripe-signature', signatureHeader(completed, 'whsec_someone_else_entirely', SPEC_NOW)),
        )
        .then([expectError(400, 'invalid_signature')]));
  });

  describe('POST /api/payments/sandbox/{checkoutId}/confirm and /decline', () => {
    it('the sandbox page pays: credited, paid, back to his page', () =>
      spec
        .given(...bobAndPackage, checkoutOpened)
        .when((request) => request.post(`/api/payments/sandbox/${CHECKOUT}/confirm`))
        .then([
          expectResponse(303, { headers: { location: `/user?purchase=${PURCHASE}` } }),
          expectNewEvents(streams.purchase(PURCHASE), [{ type: 'PaymentConfirmed' }]),
        ]));

    it('the sandbox page declines: nothing credited', () =>
      spec
        .given(...bobAndPackage, checkoutOpened)
        .when((request) => request.post(`/api/payments/sandbox/${CHECKOUT}/decline`))
        .then([
          expectResponse(303, { headers: { location: `/user?purchase=${PURCHASE}` } }),
          expectNewEvents(streams.purchase(PURCHASE), [{ type: 'PaymentDeclined', data: { checkoutId: CHECKOUT } }]),
          expectNewEvents(streams.wallet(BOB), []),
        ]));

    it('refuses a checkout that was never opened', () =>
      spec
        .given(...bobAndPackage)
        .when((request) => request.post(`/api/payments/sandbox/${CHECKOUT}/confirm`))
        .then([expectError(404, 'not_found')]));

    it('refuses to decline a checkout that was never opened', () =>
      spec
        .given(...bobAndPackage)
        .when((request) => request.post(`/api/payments/sandbox/${CHECKOUT}/decline`))
        .then([expectError(404, 'not_found')]));
  });

  describe('POST /api/payments/sandbox/purchases/{purchaseId}/dispute', () => {
    it('the cardholder disputes a paid purchase: the dispute opens and his wallet is frozen', async () => {
      const { response, newEvents } = await spec
        .given(...bobAndPackage, checkoutOpened, paid)
        .when((request) => request.post(`/api/payments/sandbox/purchases/${PURCHASE}/dispute`))
        .then([expectResponse(201)]);
      const { disputeId } = response.body as { disputeId: string };
      expect(newEvents.filter((event) => event.streamId === refundStreams.dispute(disputeId))).toMatchObject([
        { type: 'DisputeOpened', data: { purchaseId: PURCHASE, walletId: BOB } },
      ]);
      expect(newEvents.filter((event) => event.streamId === streams.wallet(BOB)).map(({ type }) => type)).toContain(
        'WalletFrozen',
      );
    });

    it('refuses a purchase not paid', () =>
      spec
        .given(...bobAndPackage, checkoutOpened)
        .when((request) => request.post(`/api/payments/sandbox/purchases/${PURCHASE}/dispute`))
        .then([expectError(404, 'not_found')]));
  });

  describe('POST /api/payments/sandbox/disputes/{id}/close', () => {
    const disputeOf = (priors: { body: unknown }[]) => (priors.at(-1)!.body as { disputeId: string }).disputeId;

    it('the network decides for him: the dispute closes won, his wallet unfrozen', async () => {
      const { response, newEvents } = await spec
        .given(...bobAndPackage, checkoutOpened, paid, disputed)
        .when((request, priors) =>
          request.post(`/api/payments/sandbox/disputes/${disputeOf(priors)}/close`, { outcome: 'won' }),
        )
        .then([expectResponse(200, { body: { outcome: 'won' } })]);
      const { disputeId } = response.body as { disputeId: string };
      expect(newEvents.filter((event) => event.streamId === refundStreams.dispute(disputeId))).toMatchObject([
        { type: 'DisputeClosed', data: { outcome: 'won' } },
      ]);
      expect(newEvents.filter((event) => event.streamId === streams.wallet(BOB)).map(({ type }) => type)).toContain(
        'WalletUnfrozen',
      );
    });

    it('refuses an outcome that is neither won nor lost', () =>
      spec
        .given(...bobAndPackage, checkoutOpened, paid, disputed)
        .when((request, priors) =>
          request.post(`/api/payments/sandbox/disputes/${disputeOf(priors)}/close`, { outcome: 'maybe' }),
        )
        .then([expectError(400, 'validation_failed')]));
  });
});

// issue 38 item 9: velocity limits, here 2 purchases an hour and 30 € a day
describe('purchase limits (PURCHASE_LIMITS)', () => {
  const limited = apiSpec({ covers: [], env: { PURCHASE_LIMITS: '2/1h,30EUR/24h' } });
  /** a purchase of Bob's started `minutesAgo` before now, for `priceCents`, perhaps declined since */
  const earlier = (key: string, minutesAgo: number, priceCents: number, declined = false) => {
    const purchaseId = purchaseIdFor(BOB, key);
    const checkoutId = `cs_test_${purchaseId}`;
    return existingStream(streams.purchase(purchaseId), [
      {
        type: 'CheckoutStarted',
        data: {
          purchaseId,
          userId: BOB,
          packageId: PACKAGE,
          credits: 100,
          bonus: 0,
          listPriceCents: priceCents,
          priceCents,
          tier: 'Bronze',
          discountPercent: 0,
          offerBonusPercent: 0,
          auracoinUnits: 10_000,
          provider: 'sandbox',
          checkoutId,
          checkoutUrl: `/api/payments/sandbox/${checkoutId}`,
          idempotencyKey: key,
          startedAt: at(-minutesAgo * 60_000),
        },
      },
      ...(declined
        ? [{ type: 'PaymentDeclined' as const, data: { purchaseId, checkoutId, declinedAt: at(-minutesAgo * 60_000) } }]
        : []),
    ]);
  };
  const buy =
    (key = KEY) =>
    (request: RequestBuilder) =>
      request.post('/api/purchases', { packageId: PACKAGE }).header('idempotency-key', key).as(user(BOB));

  it('a third purchase within the hour is refused, 429 purchase_limit, until the older of the two leaves the hour', () =>
    limited
      .given(...bobAndPackage, earlier('a', 20, 999), earlier('b', 10, 999))
      .when(buy())
      .then([
        expectError(429, 'purchase_limit'),
        expectResponse(429, { headers: { 'retry-after': String(40 * 60) } }),
      ]));

  it('a declined purchase does not count; one started over an hour ago counts only towards the day', () =>
    limited
      .given(...bobAndPackage, earlier('a', 20, 999, true), earlier('b', 61, 999), earlier('c', 10, 999))
      .when(buy())
      .then([expectResponse(201, { body: { id: PURCHASE, status: 'pending' } })]));

  it('past 30 € in the day it is refused until enough of the day’s purchases have left it', () =>
    limited
      .given(...bobAndPackage, earlier('a', 23 * 60, 1500), earlier('b', 2 * 60, 1000))
      .when(buy())
      .then([expectError(429, 'purchase_limit'), expectResponse(429, { headers: { 'retry-after': String(3600) } })]));

  it('three sent at once with room for one: one opens, two are refused (one start at a time per user)', async () => {
    const world = await limited.world();
    try {
      await world.append(...bobAndPackage, earlier('a', 20, 999));
      const bob = world.sessionCookie({ kind: 'user', id: BOB });
      const answers = await Promise.all(
        ['x', 'y', 'z'].map((key) =>
          world.send(
            new SpecRequest('post', '/api/purchases', { packageId: PACKAGE })
              .header('idempotency-key', key)
              .header('cookie', bob),
          ),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 429, 429]);
    } finally {
      await world.close();
    }
  });

  it('a purchase already started is given back, whatever the limits (the same key)', () =>
    limited
      .given(...bobAndPackage, checkoutOpened, earlier('a', 20, 999))
      .when(buy())
      .then([expectResponse(201, { body: { id: PURCHASE } }), expectNoNewEvents()]));
});
