/**
 * Buying auracoin over the HTTP API, in memory, each spec in a world of its own: the sandbox
 * checkout credits the wallet only once the payment is confirmed, and once however often the
 * signed webhook arrives; a tampered, unsigned, wrongly signed or stale webhook changes nothing;
 * idempotency keys, bad input and foreign callers; the tier discount and a running offer's bonus.
 * Was backend/test/purchases.int.ts (a whole app on the embedded stack); its offer-administration
 * part is backend/commands/offers/offer-admin.api.spec.ts.
 */
import { streams } from '@aura/contracts';
import { walletBalance } from '../../ledger';
import { newId } from '../../platform/ids';
import { signatureHeader } from '../../platform/payments/signature';
import { completedEventBody, expiredEventBody } from '../../platform/payments/webhook-event';
import { at } from '../../test/api-fixtures';
import { apiSpec, existingStream, SPEC_SANDBOX_WEBHOOK_SECRET } from '../../test/api-spec';
import { registeredClient, worldPerSpec } from '../../test/world-client';

const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const spec = apiSpec({ covers: [] });
const worlds = worldPerSpec(spec, ROOT);

let packageId: string;
let bigPackageId: string;
beforeEach(async () => {
  const small = await worlds.root.post('/api/packages', { credits: 100, bonus: 10, price: 99, popular: false });
  expect(small.status).toBe(201);
  packageId = small.json.id as string;
  const big = await worlds.root.post('/api/packages', { credits: 2500, bonus: 500, price: 2000, popular: true });
  bigPackageId = big.json.id as string;
});

const key = () => `key-${newId()}`;
const now = () => worlds.world.ports.clock.now();
const userClient = () => registeredClient(worlds.world);
const wallet = (id: string) => worlds.world.ports.eventStore.readStream(streams.wallet(id));
const logLength = () => worlds.eventCount();

async function postWebhook(body: string, signature: string | undefined) {
  return worlds.anonymous().post('/api/payments/webhook', body, signature ? { 'stripe-signature': signature } : {});
}

const sandbox = (path: string) => worlds.anonymous().post(path);

/** A new user's pending purchase of the small package, and its sandbox checkout. */
async function openPurchase() {
  const { http, id } = await userClient();
  const created = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
  expect(created.status).toBe(201);
  const purchaseId = created.json.id as string;
  const checkoutId = (created.json.checkoutUrl as string).split('/').pop()!;
  return { http, id, created, purchaseId, checkoutId };
}

describe('buying auracoin', () => {
  it('opens a sandbox checkout, and only the confirmed payment credits the wallet, once', async () => {
    const { http, id } = await userClient();
    const created = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      status: 'pending',
      packageId,
      credits: 100,
      auracoin: 110,
      price: 99,
      discountPercent: 0,
      offerBonusPercent: 0,
    });
    const checkoutUrl = created.json.checkoutUrl as string;
    expect(checkoutUrl).toMatch(/^\/api\/payments\/sandbox\/cs_test_/);
    // nothing is credited before the payment
    expect(walletBalance(await wallet(id))).toBe(1000);

    const page = await worlds.anonymous().get(checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.text).toContain('MODALITÀ TEST');
    expect(page.text).toContain('99,00');

    const confirmed = await sandbox(`${checkoutUrl}/confirm`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe(`/user?purchase=${created.json.id as string}`);
    const again = await sandbox(`${checkoutUrl}/confirm`);
    expect(again.status).toBe(303);
    await worlds.world.settled();

    const events = await wallet(id);
    expect(events.map((e) => e.type)).toEqual(['AuracoinCredited', 'AuracoinPurchased', 'AuracoinCredited']);
    expect(walletBalance(events)).toBe(1000 + 11000);
    expect((await http.get(`/api/purchases/${created.json.id as string}`)).json).toMatchObject({ status: 'paid' });
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 120 });
  });

  it('credits once however often and however concurrently the signed webhook arrives', async () => {
    const { id, purchaseId, checkoutId } = await openPurchase();
    const body = completedEventBody({ eventId: 'evt_1', checkoutId, purchaseId, amountCents: 9900, paymentId: 'pi_1' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postWebhook(body, signatureHeader(body, SPEC_SANDBOX_WEBHOOK_SECRET, now()))),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const events = await wallet(id);
    expect(events.filter((e) => e.type === 'AuracoinPurchased')).toHaveLength(1);
    expect(walletBalance(events)).toBe(12000);
  });

  it('refuses a tampered, unsigned, wrongly signed or stale webhook and changes nothing', async () => {
    const { id, purchaseId, checkoutId } = await openPurchase();
    const body = completedEventBody({ eventId: 'evt_2', checkoutId, purchaseId, amountCents: 9900, paymentId: 'pi_2' });
    await worlds.world.settled();
    const before = await logLength();
    const signed = signatureHeader(body, SPEC_SANDBOX_WEBHOOK_SECRET, now());
    for (const [payload, signature] of [
      [body.replace('9900', '1'), signed],
      [body, undefined],
      [body, signatureHeader(body, 'whsec_not_the_right_secret', now())],
      [body, signatureHeader(body, SPEC_SANDBOX_WEBHOOK_SECRET, new Date(now().getTime() - 10 * 60_000))],
    ] as const) {
      const refused = await postWebhook(payload, signature);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe('invalid_signature');
    }
    // a signed payment of the wrong amount is refused too
    const cheap = completedEventBody({ eventId: 'evt_3', checkoutId, purchaseId, amountCents: 100, paymentId: 'pi_3' });
    expect((await postWebhook(cheap, signatureHeader(cheap, SPEC_SANDBOX_WEBHOOK_SECRET, now()))).status).toBe(400);
    // an unknown purchase is a 404
    const unknown = completedEventBody({
      eventId: 'evt_4',
      checkoutId: 'cs_test_x',
      purchaseId: newId(),
      amountCents: 9900,
      paymentId: 'pi_4',
    });
    expect((await postWebhook(unknown, signatureHeader(unknown, SPEC_SANDBOX_WEBHOOK_SECRET, now()))).status).toBe(404);
    expect(await logLength()).toBe(before);
    expect(walletBalance(await wallet(id))).toBe(1000);
  });

  it('credits nothing for a declined payment', async () => {
    const { http, id, created, purchaseId, checkoutId } = await openPurchase();
    const declined = await sandbox(`${created.json.checkoutUrl as string}/decline`);
    expect(declined.status).toBe(303);
    await worlds.world.settled();
    expect((await http.get(`/api/purchases/${purchaseId}`)).json).toMatchObject({ status: 'declined' });
    const expired = expiredEventBody({ eventId: 'evt_5', checkoutId, purchaseId });
    expect((await postWebhook(expired, signatureHeader(expired, SPEC_SANDBOX_WEBHOOK_SECRET, now()))).status).toBe(200);
    expect(walletBalance(await wallet(id))).toBe(1000);
  });

  it('answers the first purchase for a repeated key, 422 for the key with another body', async () => {
    const { http } = await userClient();
    const k = key();
    const first = await http.post('/api/purchases', { packageId }, { 'idempotency-key': k });
    const again = await http.post('/api/purchases', { packageId }, { 'idempotency-key': k });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    const before = await logLength();
    const reused = await http.post('/api/purchases', { packageId: bigPackageId }, { 'idempotency-key': k });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');
    expect(await logLength()).toBe(before);
  });

  it('reads Idempotency-Key as the contract declares it: one 400 naming the header, for purchases and photos alike', async () => {
    const { http } = await userClient();
    const before = await logLength();
    const header = expect.arrayContaining([expect.objectContaining({ path: 'headers.idempotency-key' })]);
    for (const route of ['/api/purchases', `/api/photos/${newId()}/purchase`]) {
      const missing = await http.post(route, { packageId });
      expect(missing.status).toBe(400);
      expect(missing.json).toMatchObject({ code: 'validation_failed', errors: header });
      const long = await http.post(route, { packageId }, { 'idempotency-key': 'k'.repeat(201) });
      expect(long.status).toBe(400);
      expect(long.json).toMatchObject({ code: 'validation_failed', errors: header });
    }
    // optional on aliases: absent is fine, too long is the same 400
    const me = (await http.get('/api/me')).json.id as string;
    const alias = await http.post(
      `/api/users/${me}/aliases`,
      { aliasName: 'Lungo', price: 50 },
      { 'idempotency-key': 'k'.repeat(201) },
    );
    expect(alias.status).toBe(400);
    expect(alias.json).toMatchObject({ code: 'validation_failed', errors: header });
    expect(await logLength()).toBe(before);
  });

  it('refuses bad input and anonymous or foreign callers, changing nothing', async () => {
    const { http, id } = await userClient();
    const other = await userClient();
    const mine = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    await worlds.world.settled();
    const before = await logLength();
    expect((await http.post('/api/purchases', { packageId })).status).toBe(400); // no key
    const missing = await http.post('/api/purchases', {}, { 'idempotency-key': key() });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.packageId' })]));
    expect((await http.post('/api/purchases', { packageId: 'nope' }, { 'idempotency-key': key() })).status).toBe(400);
    expect((await http.post('/api/purchases', { packageId: newId() }, { 'idempotency-key': key() })).status).toBe(404);
    expect((await worlds.anonymous().post('/api/purchases', { packageId }, { 'idempotency-key': key() })).status).toBe(
      401,
    );
    expect((await worlds.root.post('/api/purchases', { packageId }, { 'idempotency-key': key() })).status).toBe(403);
    expect((await worlds.anonymous().get(`/api/purchases/${mine.json.id as string}`)).status).toBe(401);
    expect((await other.http.get(`/api/purchases/${mine.json.id as string}`)).status).toBe(403);
    expect((await http.get(`/api/purchases/${newId()}`)).status).toBe(404);
    expect((await worlds.anonymous().get(`/api/payments/sandbox/cs_test_${newId()}`)).status).toBe(404);
    expect((await sandbox(`/api/payments/sandbox/cs_test_${newId()}/confirm`)).status).toBe(404);
    expect(await logLength()).toBe(before);
    expect(id).toBeDefined();
  });
});

describe('tiers and limited offers', () => {
  it('charges the tier discount and adds a running offer bonus', async () => {
    const { http, id } = await userClient();
    // 1,500 auracoin spent makes a Gold buyer (10% off)
    await worlds.world.append(
      existingStream(streams.wallet(id), [
        { type: 'AuracoinCredited', data: { walletId: id, amount: 150000, reason: 'refund', creditedAt: at() } },
        {
          type: 'AuracoinDebited',
          data: { walletId: id, amount: 150000, reason: 'session', reference: 'test', debitedAt: at() },
        },
      ]),
    );
    const offer = await worlds.root.post('/api/offers', { bonusPercent: 20, durationMinutes: 30 });
    expect(offer.status).toBe(201);
    expect((await worlds.anonymous().get('/api/offers/current')).json).toMatchObject({
      offer: { id: offer.json.id, bonusPercent: 20 },
    });
    const created = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    expect(created.json).toMatchObject({ price: 89.1, discountPercent: 10, offerBonusPercent: 20, auracoin: 132 });
    const ended = await worlds.root.post(`/api/offers/${offer.json.id as string}/end`);
    expect(ended.status).toBe(200);
    expect((await worlds.anonymous().get('/api/offers/current')).json).toEqual({ offer: null });
    const after = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    expect(after.json).toMatchObject({ offerBonusPercent: 0, auracoin: 110 });
  });
});
