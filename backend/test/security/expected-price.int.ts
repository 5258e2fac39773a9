/**
 * Issue 19, item 3: the price billed is the price the user saw (docs/product.md#price-seen). She
 * raises her price between his look and his click: a session request, a message or a photo
 * purchase sent with the old `expectedPrice` is refused with 409 `price_changed` and her current
 * price, and nothing is held, charged or stored; sent again with the new price it goes through.
 * Without `expectedPrice` (the original spec's bodies) nothing is compared. Her new prices reach
 * every open page at once ('performer:prices').
 */
import { streams } from '@aura/contracts';
import { foldWallet } from '../../ledger';
import { startTestApp, type TestApp } from '../app-harness';
import { approvePhoto, logLength, send, superadminClient } from '../admin-session';
import { fundedUser, onlinePerformer, socketFor, type Http } from '../session-helpers';

let app: TestApp;
let admin: Http;

beforeAll(async () => {
  app = await startTestApp({ BILLING_MINUTE_MS: '60000', SESSION_REQUEST_TIMEOUT_MS: '60000' });
  admin = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

async function wallet(userId: string) {
  return foldWallet(await app.infra.eventStore.readStream(streams.wallet(userId)));
}

/** 409 price_changed with the current price; the log and his wallet exactly as they were. */
async function refusedForPrice(
  userId: string,
  attempt: () => Promise<{ status: number; json: Record<string, unknown> }>,
  currentPrice: number,
) {
  await app.settled();
  const [length, before] = [await logLength(app), await wallet(userId)];
  const answer = await attempt();
  expect(answer.status).toBe(409);
  expect(answer.json).toMatchObject({ code: 'price_changed', currentPrice, status: 409 });
  await app.settled();
  expect(await logLength(app)).toBe(length);
  expect(await wallet(userId)).toEqual(before);
}

const reprice = (performer: { id: string; http: Http }, body: { creditsPerMinute?: number; messagePrice?: number }) =>
  send(performer.http, 'PATCH', `${app.url}/api/performers/${performer.id}`, body);

describe('the price billed is the price seen', () => {
  it('a session asked at the rate he saw before she raised it is refused, holding nothing; at her new rate it is asked', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 2 });
    const user = await fundedUser(app, admin, 100);
    expect((await reprice(performer, { creditsPerMinute: 3.5 })).status).toBe(200);
    await refusedForPrice(
      user.id,
      () => user.http.post('/api/sessions', { performerId: performer.id, expectedPrice: 2 }),
      3.5,
    );
    expect((await user.http.get('/api/sessions')).json.sessions).toEqual([]);
    const asked = await user.http.post('/api/sessions', { performerId: performer.id, expectedPrice: 3.5 });
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({ ratePerMinute: 3.5, minimumAuracoin: 17.5 });
    expect(await wallet(user.id)).toMatchObject({ held: 1750 });
    await user.http.post(`/api/sessions/${asked.json.id as string}/end`);
  });

  it('a session asked without expectedPrice (the original body) is asked at her rate', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 2 });
    const user = await fundedUser(app, admin, 100);
    const asked = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(asked.status).toBe(201);
    await user.http.post(`/api/sessions/${asked.json.id as string}/end`);
  });

  it('a message sent at the price he saw before she raised it is refused and not stored; at the new price it is sent and charged', async () => {
    const performer = await onlinePerformer(app.url, admin);
    const user = await fundedUser(app, admin, 100);
    const conversation = await user.http.post('/api/conversations', { performerId: performer.id });
    expect(conversation.status).toBe(201);
    const conversationId = conversation.json.id as string;
    const message = (expectedPrice?: number, clientMessageId?: string) =>
      user.http.post('/api/messages', {
        conversationId,
        senderId: user.id,
        senderType: 'user',
        content: 'Ciao!',
        expectedPrice,
        clientMessageId,
      });
    expect((await reprice(performer, { messagePrice: 2.5 })).status).toBe(200);
    await refusedForPrice(user.id, () => message(1, 'first-try'), 2.5);
    expect((await user.http.get(`/api/messages/${conversationId}`)).json).toEqual([]);
    // the same client id, now at her price: stored and charged once
    const sent = await message(2.5, 'first-try');
    expect(sent.status).toBe(201);
    await app.settled();
    expect(await wallet(user.id)).toMatchObject({ balance: 10_000 - 250 });
    // free messages: the price he saw is 0
    expect((await reprice(performer, { messagePrice: 0 })).status).toBe(200);
    await refusedForPrice(user.id, () => message(2.5), 0);
    expect((await message(0)).status).toBe(201);
    expect((await message()).status).toBe(201);
    await app.settled();
    expect(await wallet(user.id)).toMatchObject({ balance: 10_000 - 250 });
  });

  it('a photo bought at another price than its own is refused, charging nothing; at its price, and without a body, it is bought', async () => {
    const performer = await onlinePerformer(app.url, admin);
    const added = await performer.http.post(`/api/performers/${performer.id}/photos`, {
      imageUrl: 'https://img.example/p.jpg',
      title: 'Tramonto',
      price: 12.5,
    });
    expect(added.status).toBe(201);
    const photoId = added.json.id as string;
    await approvePhoto(admin, photoId);
    const user = await fundedUser(app, admin, 100);
    const buy = (body?: unknown) =>
      user.http.post(`/api/photos/${photoId}/purchase`, body, { 'Idempotency-Key': `buy-${Date.now()}` });
    await refusedForPrice(user.id, () => buy({ expectedPrice: 10 }), 12.5);
    const bought = await buy({ expectedPrice: 12.5 });
    expect(bought.status).toBe(201);
    expect(bought.json.auracoinBalance).toBe(87.5);
    const other = await fundedUser(app, admin, 100);
    const plain = await other.http.post(`/api/photos/${photoId}/purchase`, undefined, { 'Idempotency-Key': 'plain' });
    expect(plain.status).toBe(201);
  });

  it("her new prices reach every open page at once ('performer:prices')", async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 2 });
    const visitor = await fundedUser(app, admin, 0);
    const socket = await socketFor(app.url, visitor.http);
    try {
      const pushed = new Promise((resolve) =>
        socket.on(
          'performer:prices',
          (payload: { performerId: string }) => payload.performerId === performer.id && resolve(payload),
        ),
      );
      expect((await reprice(performer, { creditsPerMinute: 4, messagePrice: 1.5 })).status).toBe(200);
      expect(await pushed).toEqual({ performerId: performer.id, creditsPerMinute: 4, messagePrice: 1.5 });
    } finally {
      socket.close();
    }
  });
});
