import { streams } from '@aura/contracts';
import { walletBalance } from '../ledger';
import { newId } from '../platform/ids';
import { signatureHeader } from '../platform/payments/signature';
import { completedEventBody, expiredEventBody } from '../platform/payments/webhook-event';
import { client, startTestApp, type TestApp } from './app-harness';
import { logLength, send, superadminClient, userClient } from './admin-session';

const WEBHOOK_SECRET = 'whsec_test_purchases_suite_secret';
let app: TestApp;
let admin: ReturnType<typeof client>;
let packageId: string;
let bigPackageId: string;

beforeAll(async () => {
  app = await startTestApp({ SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET });
  admin = await superadminClient(app);
  const small = await admin.post('/api/packages', { credits: 100, bonus: 10, price: 99, popular: false });
  expect(small.status).toBe(201);
  packageId = small.json.id as string;
  const big = await admin.post('/api/packages', { credits: 2500, bonus: 500, price: 2000, popular: true });
  bigPackageId = big.json.id as string;
});
afterAll(async () => {
  await app.close();
});

const key = () => `key-${newId()}`;

async function postWebhook(body: string, signature: string | undefined) {
  const response = await fetch(`${app.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function sandbox(path: string) {
  return fetch(`${app.url}${path}`, { method: 'POST', redirect: 'manual' });
}

describe('buying auracoin', () => {
  it('opens a sandbox checkout, and only the confirmed payment credits the wallet, once', async () => {
    const { http, id } = await userClient(app);
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
    expect(walletBalance(await app.infra.eventStore.readStream(streams.wallet(id)))).toBe(1000);

    const page = await fetch(app.url + checkoutUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('MODALITÀ TEST');
    expect(html).toContain('99,00');

    const confirmed = await sandbox(`${checkoutUrl}/confirm`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`/user?purchase=${created.json.id as string}`);
    const again = await sandbox(`${checkoutUrl}/confirm`);
    expect(again.status).toBe(303);

    const wallet = await app.infra.eventStore.readStream(streams.wallet(id));
    expect(wallet.map((e) => e.type)).toEqual(['AuracoinCredited', 'AuracoinPurchased', 'AuracoinCredited']);
    expect(walletBalance(wallet)).toBe(1000 + 11000);
    expect((await http.get(`/api/purchases/${created.json.id as string}`)).json).toMatchObject({ status: 'paid' });
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 120 });
  });

  it('credits once however often and however concurrently the signed webhook arrives', async () => {
    const { http, id } = await userClient(app);
    const created = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    const purchaseId = created.json.id as string;
    const checkoutId = (created.json.checkoutUrl as string).split('/').pop()!;
    const body = completedEventBody({ eventId: 'evt_1', checkoutId, purchaseId, amountCents: 9900, paymentId: 'pi_1' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postWebhook(body, signatureHeader(body, WEBHOOK_SECRET, new Date()))),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const wallet = await app.infra.eventStore.readStream(streams.wallet(id));
    expect(wallet.filter((e) => e.type === 'AuracoinPurchased')).toHaveLength(1);
    expect(walletBalance(wallet)).toBe(12000);
  });

  it('refuses a tampered, unsigned, wrongly signed or stale webhook and changes nothing', async () => {
    const { http, id } = await userClient(app);
    const created = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    const purchaseId = created.json.id as string;
    const checkoutId = (created.json.checkoutUrl as string).split('/').pop()!;
    const body = completedEventBody({ eventId: 'evt_2', checkoutId, purchaseId, amountCents: 9900, paymentId: 'pi_2' });
    const before = await logLength(app);
    const signed = signatureHeader(body, WEBHOOK_SECRET, new Date());
    for (const [payload, signature] of [
      [body.replace('9900', '1'), signed],
      [body, undefined],
      [body, signatureHeader(body, 'whsec_not_the_right_secret', new Date())],
      [body, signatureHeader(body, WEBHOOK_SECRET, new Date(Date.now() - 10 * 60_000))],
    ] as const) {
      const refused = await postWebhook(payload, signature);
      expect(refused.status).toBe(400);
      expect(refused.json.code).toBe('invalid_signature');
    }
    // a signed payment of the wrong amount is refused too
    const cheap = completedEventBody({ eventId: 'evt_3', checkoutId, purchaseId, amountCents: 100, paymentId: 'pi_3' });
    expect((await postWebhook(cheap, signatureHeader(cheap, WEBHOOK_SECRET, new Date()))).status).toBe(400);
    // an unknown purchase is a 404
    const unknown = completedEventBody({
      eventId: 'evt_4',
      checkoutId: 'cs_test_x',
      purchaseId: newId(),
      amountCents: 9900,
      paymentId: 'pi_4',
    });
    expect((await postWebhook(unknown, signatureHeader(unknown, WEBHOOK_SECRET, new Date()))).status).toBe(404);
    expect(await logLength(app)).toBe(before);
    expect(walletBalance(await app.infra.eventStore.readStream(streams.wallet(id)))).toBe(1000);
  });

  it('credits nothing for a declined payment', async () => {
    const { http, id } = await userClient(app);
    const created = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    const declined = await sandbox(`${created.json.checkoutUrl as string}/decline`);
    expect(declined.status).toBe(303);
    expect((await http.get(`/api/purchases/${created.json.id as string}`)).json).toMatchObject({ status: 'declined' });
    const purchaseId = created.json.id as string;
    const checkoutId = (created.json.checkoutUrl as string).split('/').pop()!;
    const expired = expiredEventBody({ eventId: 'evt_5', checkoutId, purchaseId });
    expect((await postWebhook(expired, signatureHeader(expired, WEBHOOK_SECRET, new Date()))).status).toBe(200);
    expect(walletBalance(await app.infra.eventStore.readStream(streams.wallet(id)))).toBe(1000);
  });

  it('answers the first purchase for a repeated key, 422 for the key with another body', async () => {
    const { http } = await userClient(app);
    const k = key();
    const first = await http.post('/api/purchases', { packageId }, { 'idempotency-key': k });
    const again = await http.post('/api/purchases', { packageId }, { 'idempotency-key': k });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    const before = await logLength(app);
    const reused = await http.post('/api/purchases', { packageId: bigPackageId }, { 'idempotency-key': k });
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');
    expect(await logLength(app)).toBe(before);
  });

  it('reads Idempotency-Key as the contract declares it: one 400 naming the header, for purchases and photos alike', async () => {
    const { http } = await userClient(app);
    const before = await logLength(app);
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
    expect(await logLength(app)).toBe(before);
  });

  it('refuses bad input and anonymous or foreign callers, changing nothing', async () => {
    const { http, id } = await userClient(app);
    const other = await userClient(app);
    const mine = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    const before = await logLength(app);
    expect((await http.post('/api/purchases', { packageId })).status).toBe(400); // no key
    const missing = await http.post('/api/purchases', {}, { 'idempotency-key': key() });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.packageId' })]));
    expect((await http.post('/api/purchases', { packageId: 'nope' }, { 'idempotency-key': key() })).status).toBe(400);
    expect((await http.post('/api/purchases', { packageId: newId() }, { 'idempotency-key': key() })).status).toBe(404);
    expect((await client(app.url).post('/api/purchases', { packageId }, { 'idempotency-key': key() })).status).toBe(
      401,
    );
    expect((await admin.post('/api/purchases', { packageId }, { 'idempotency-key': key() })).status).toBe(403);
    expect((await client(app.url).get(`/api/purchases/${mine.json.id as string}`)).status).toBe(401);
    expect((await other.http.get(`/api/purchases/${mine.json.id as string}`)).status).toBe(403);
    expect((await http.get(`/api/purchases/${newId()}`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/payments/sandbox/cs_test_${newId()}`)).status).toBe(404);
    expect((await sandbox(`/api/payments/sandbox/cs_test_${newId()}/confirm`)).status).toBe(404);
    expect(await logLength(app)).toBe(before);
    expect(id).toBeDefined();
  });
});

describe('tiers and limited offers', () => {
  it('charges the tier discount and adds a running offer bonus', async () => {
    const { http, id } = await userClient(app);
    // 1,500 auracoin spent makes a Gold buyer (10% off)
    await app.infra.eventStore.appendToStream(
      streams.wallet(id),
      [
        {
          id: newId(),
          type: 'AuracoinCredited',
          data: { walletId: id, amount: 150000, reason: 'refund', creditedAt: new Date().toISOString() },
        },
        {
          id: newId(),
          type: 'AuracoinDebited',
          data: {
            walletId: id,
            amount: 150000,
            reason: 'session',
            reference: 'test',
            debitedAt: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 'any' },
    );
    const offer = await admin.post('/api/offers', { bonusPercent: 20, durationMinutes: 30 });
    expect(offer.status).toBe(201);
    expect((await client(app.url).get('/api/offers/current')).json).toMatchObject({
      offer: { id: offer.json.id, bonusPercent: 20 },
    });
    const created = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    expect(created.json).toMatchObject({ price: 89.1, discountPercent: 10, offerBonusPercent: 20, auracoin: 132 });
    const ended = await admin.post(`/api/offers/${offer.json.id as string}/end`);
    expect(ended.status).toBe(200);
    expect((await client(app.url).get('/api/offers/current')).json).toEqual({ offer: null });
    const after = await http.post('/api/purchases', { packageId }, { 'idempotency-key': key() });
    expect(after.json).toMatchObject({ offerBonusPercent: 0, auracoin: 110 });
  });

  it('lets only admins manage offers, refuses bad input, changes nothing', async () => {
    const { http } = await userClient(app);
    const before = await logLength(app);
    expect((await client(app.url).post('/api/offers', { bonusPercent: 10 })).status).toBe(401);
    expect((await http.post('/api/offers', { bonusPercent: 10 })).status).toBe(403);
    expect((await http.get('/api/offers')).status).toBe(403);
    const bad = await admin.post('/api/offers', { bonusPercent: 0 });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.bonusPercent' })]));
    expect((await admin.post('/api/offers', { bonusPercent: 'x', durationMinutes: -1 })).status).toBe(400);
    expect((await admin.post(`/api/offers/${newId()}/end`)).status).toBe(404);
    expect((await admin.post('/api/offers/nope/end')).status).toBe(400);
    expect(await logLength(app)).toBe(before);
    expect((await send(admin, 'DELETE', `${app.url}/api/offers/${newId()}`)).status).toBe(404);
  });
});
