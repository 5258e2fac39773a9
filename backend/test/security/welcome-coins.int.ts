/**
 * Issue 19, item 2: welcome coins cannot be cashed out. The 10 welcome auracoin are promotional:
 * the wallet spends purchased auracoin first, and a performer earns her 55% only on the purchased
 * part of a spend (docs/architecture.md#promotional-units). A fresh account's welcome coins spent
 * on her (a paid message, a photo, a private session) earn her nothing; a spend paid partly with
 * purchased auracoin earns 55% of that part only; her statement and the user's ledger show the
 * split, and the ledger audit agrees.
 */
import { payoutWeekOf, performerStreams, streams, type LedgerEntryView, type StatementDetail } from '@aura/contracts';
import { foldWallet } from '../../ledger';
import { startTestApp, type TestApp } from '../app-harness';
import { approvePhoto, fund, send, superadminClient, userClient } from '../admin-session';
import { onlinePerformer, type Http } from '../session-helpers';

let app: TestApp;
let admin: Http;

beforeAll(async () => {
  app = await startTestApp({ BILLING_MINUTE_MS: '60000', SESSION_REQUEST_TIMEOUT_MS: '60000' });
  admin = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

/** A performer selling messages for 1 auracoin and a photo for `photoPrice`, at 1 auracoin a minute. */
async function performerSelling(photoPrice: number) {
  const performer = await onlinePerformer(app.url, admin, { rate: 1 });
  expect(
    (await send(performer.http, 'PATCH', `${app.url}/api/performers/${performer.id}`, { messagePrice: 1 })).status,
  ).toBe(200);
  const photo = await performer.http.post(`/api/performers/${performer.id}/photos`, {
    imageUrl: 'https://img.example/welcome.jpg',
    title: 'Benvenuto',
    price: photoPrice,
  });
  expect(photo.status).toBe(201);
  await approvePhoto(admin, photo.json.id as string);
  return { ...performer, photoId: photo.json.id as string };
}

async function credits(performerId: string) {
  await app.settled();
  return (await app.infra.eventStore.readStream(performerStreams.earnings(performerId))).map(
    (event) => event.data as { source: string; grossUnits: number; purchasedUnits?: number; shareCents: number },
  );
}

async function sendMessage(user: { http: Http; id: string }, performerId: string) {
  const conversation = await user.http.post('/api/conversations', { performerId });
  const sent = await user.http.post('/api/messages', {
    conversationId: conversation.json.id,
    senderId: user.id,
    senderType: 'user',
    content: 'Ciao!',
  });
  expect(sent.status).toBe(201);
}

async function ledgerOf(user: { http: Http; id: string }) {
  await app.settled();
  const answer = await user.http.get(`/api/users/${user.id}/ledger`);
  expect(answer.status).toBe(200);
  return answer.json as unknown as LedgerEntryView[];
}

describe('welcome coins are promotional', () => {
  it("a fresh account's 10 welcome auracoin spent on a performer (message, photo, session) earn her nothing", async () => {
    const performer = await performerSelling(2);
    const user = await userClient(app);

    await sendMessage(user, performer.id);
    expect(
      (
        await user.http.post(`/api/photos/${performer.photoId}/purchase`, undefined, {
          'idempotency-key': 'welcome-photo',
        })
      ).status,
    ).toBe(201);
    // a private session: the 5-minute minimum is held, minute 1 billed at acceptance, the rest charged when he ends it
    const requested = await user.http.post('/api/sessions', { performerId: performer.id });
    expect(requested.status).toBe(201);
    const sessionId = requested.json.id as string;
    expect((await performer.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
    expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(200);

    // 1 + 2 + 5 of his 10 auracoin spent, all of them promotional
    const wallet = foldWallet(await app.infra.eventStore.readStream(streams.wallet(user.id)));
    expect(wallet).toMatchObject({ balance: 200, purchased: 0, promotional: 200, held: 0 });
    const hers = await credits(performer.id);
    expect(new Set(hers.map((credit) => credit.source))).toEqual(new Set(['message', 'photo', 'session']));
    expect(
      hers.filter((credit) => credit.source === 'session').reduce((sum, credit) => sum + credit.grossUnits, 0),
    ).toBe(500);
    for (const credit of hers) expect(credit).toMatchObject({ purchasedUnits: 0, shareCents: 0 });
    expect((await performer.http.get('/api/performer/me')).json.totalEarnings).toBe(0);
    const session = await performer.http.get(`/api/sessions/${sessionId}`);
    expect(session.json).toMatchObject({ costAuracoin: 5, performerEarnings: 0 });

    // his ledger says every auracoin he spent was promotional
    const ledger = await ledgerOf(user);
    expect(ledger.at(-1)).toMatchObject({ reason: 'welcome', amount: 10, purchased: 0, promotional: 10 });
    const spent = ledger.slice(0, -1);
    expect(new Set(spent.map((entry) => entry.reason))).toEqual(new Set(['message', 'photo', 'session']));
    for (const entry of spent) expect(entry).toMatchObject({ purchased: 0, promotional: entry.amount });
    expect(spent.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-8);
    expect(ledger[0]).toMatchObject({ purchasedBalance: 0, promotionalBalance: 2 });
    const audit = await app.audit();
    expect(audit.problems).toEqual([]);
  });

  it('a mixed spend earns her 55% of its purchased part only, and her statement and his ledger show the split', async () => {
    const performer = await performerSelling(5);
    const user = await userClient(app);
    // 3 purchased auracoin beside the 10 welcome ones
    await fund(app, user.id, 3);

    const bought = await user.http.post(`/api/photos/${performer.photoId}/purchase`, undefined, {
      'idempotency-key': 'mixed-photo',
    });
    expect(bought.status).toBe(201);
    expect(bought.json.auracoinBalance).toBe(8);
    // purchased units go first: 3 purchased + 2 promotional; her share is 55% of 300 units
    const [photo] = await credits(performer.id);
    expect(photo).toMatchObject({ source: 'photo', grossUnits: 500, purchasedUnits: 300, shareCents: 165 });
    // the next spend finds only promotional units left: it earns her nothing
    await sendMessage(user, performer.id);
    const [, message] = await credits(performer.id);
    expect(message).toMatchObject({ source: 'message', grossUnits: 100, purchasedUnits: 0, shareCents: 0 });
    expect((await performer.http.get('/api/performer/me')).json.totalEarnings).toBe(1.65);

    const ledger = await ledgerOf(user);
    expect(ledger.map((entry) => [entry.reason, entry.amount, entry.purchased, entry.promotional])).toEqual([
      ['message', -1, 0, -1],
      ['photo', -5, -3, -2],
      ['refund', 3, 3, 0],
      ['welcome', 10, 0, 10],
    ]);
    expect(ledger[0]).toMatchObject({ purchasedBalance: 0, promotionalBalance: 7 });

    const weekStart = payoutWeekOf(new Date()).weekStart;
    const statement = await performer.http.get(`/api/performers/${performer.id}/statements/${weekStart}`);
    expect(statement.status).toBe(200);
    const week = statement.json as unknown as StatementDetail;
    expect(week).toMatchObject({ grossUnits: 600, purchasedUnits: 300, promotionalUnits: 300, shareCents: 165 });
    expect(week.sources.photo).toEqual({ count: 1, grossUnits: 500, purchasedUnits: 300, shareCents: 165 });
    expect(week.sources.message).toEqual({ count: 1, grossUnits: 100, purchasedUnits: 0, shareCents: 0 });
    expect(week.lines.map((line) => [line.source, line.grossUnits, line.purchasedUnits, line.shareCents])).toEqual([
      ['photo', 500, 300, 165],
      ['message', 100, 0, 0],
    ]);
    const audit = await app.audit();
    expect(audit.problems).toEqual([]);
  });

  it('a refused spend moves no unit of either kind', async () => {
    const performer = await performerSelling(50);
    const user = await userClient(app);
    const before = await app.infra.eventStore.readStream(streams.wallet(user.id));
    const refused = await user.http.post(`/api/photos/${performer.photoId}/purchase`, undefined, {
      'idempotency-key': 'too-dear',
    });
    expect(refused.status).toBe(400);
    const after = await app.infra.eventStore.readStream(streams.wallet(user.id));
    expect(after).toHaveLength(before.length);
    expect(foldWallet(after)).toMatchObject({ balance: 1000, purchased: 0, promotional: 1000 });
  });
});
