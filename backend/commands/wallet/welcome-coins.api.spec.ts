/**
 * Issue 19, item 2: welcome coins cannot be cashed out. The 10 welcome auracoin are promotional:
 * the wallet spends purchased auracoin first, and a performer earns her 55% only on the purchased
 * part of a spend (docs/architecture.md#promotional-units). A fresh account's welcome coins spent
 * on her (a paid message, a photo, a private session) earn her nothing; a spend paid partly with
 * purchased auracoin earns 55% of that part only; her statement and the user's ledger show the
 * split, and the ledger audit agrees (was backend/test/security/welcome-coins.int.ts).
 */
import { payoutWeekOf, performerStreams, streams, type LedgerEntryView, type StatementDetail } from '@aura/contracts';
import { foldWallet, ledgerWorkers } from '../../ledger';
import { at, existingPerformer, photoOnSale, registeredUser } from '../../test/api-fixtures';
import { ledgerAuditProblems } from '../../test/world-audit';
import {
  apiSpec,
  ask,
  inWorld,
  existingStream,
  performer,
  user,
  type Caller,
  type SpecWorld,
} from '../../test/api-spec';

// the ledger's reactions credit her share of every sale, as the worker role does
const spec = apiSpec({ covers: [], reactions: (ports) => ledgerWorkers(ports).reactions });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const PHOTO = '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e';

/** Luna online at 1 auracoin a minute, a photo on sale (approved) for `photoPrice`; Bob, fresh, with his 10 welcome auracoin */
const lunaSelling = (photoPrice: number) => [
  ...existingPerformer(LUNA, { username: 'luna', rate: 1, online: true }),
  photoOnSale(PHOTO, LUNA, { price: photoPrice, title: 'Benvenuto' }),
  ...registeredUser(BOB, { username: 'bob', auracoin: 10 }),
];

/** as `ask`, with an idempotency key of its own (a purchase asks for one) */
const askOnce = (world: SpecWorld, method: 'get' | 'post' | 'patch', url: string, caller: Caller, body?: unknown) =>
  ask(world, method, url, caller, body, { 'idempotency-key': `${method} ${url}` });

/** A world with Luna selling messages for 1 auracoin and her photo for `photoPrice`, and fresh Bob. */
const withWorld = (photoPrice: number, run: (world: SpecWorld) => Promise<void>) =>
  inWorld(spec, lunaSelling(photoPrice), async (world) => {
    const priced = await askOnce(world, 'patch', `/api/performers/${LUNA}`, performer(LUNA), { messagePrice: 1 });
    expect(priced.status).toBe(200);
    await run(world);
  });

async function credits(world: SpecWorld) {
  return (await world.ports.eventStore.readStream(performerStreams.earnings(LUNA))).map(
    (event) => event.data as { source: string; grossUnits: number; purchasedUnits?: number; shareCents: number },
  );
}

async function sendMessage(world: SpecWorld) {
  const conversation = await askOnce(world, 'post', '/api/conversations', user(BOB), { performerId: LUNA });
  const sent = await askOnce(world, 'post', '/api/messages', user(BOB), {
    conversationId: (conversation.body as { id: string }).id,
    senderId: BOB,
    senderType: 'user',
    content: 'Ciao!',
  });
  expect(sent.status).toBe(201);
}

async function ledgerOf(world: SpecWorld) {
  const answer = await askOnce(world, 'get', `/api/users/${BOB}/ledger`, user(BOB));
  expect(answer.status).toBe(200);
  return answer.body as LedgerEntryView[];
}

const walletOf = async (world: SpecWorld) => foldWallet(await world.ports.eventStore.readStream(streams.wallet(BOB)));

describe('welcome coins are promotional', () => {
  it("a fresh account's 10 welcome auracoin spent on a performer (message, photo, session) earn her nothing", () =>
    withWorld(2, async (world) => {
      await sendMessage(world);
      expect((await askOnce(world, 'post', `/api/photos/${PHOTO}/purchase`, user(BOB))).status).toBe(201);
      // a private session: the 5-minute minimum is held, minute 1 billed at acceptance, the rest charged when he ends it
      const requested = await askOnce(world, 'post', '/api/sessions', user(BOB), { performerId: LUNA });
      expect(requested.status).toBe(201);
      const sessionId = (requested.body as { id: string }).id;
      expect((await askOnce(world, 'post', `/api/sessions/${sessionId}/accept`, performer(LUNA))).status).toBe(200);
      expect((await askOnce(world, 'post', `/api/sessions/${sessionId}/end`, user(BOB))).status).toBe(200);

      // 1 + 2 + 5 of his 10 auracoin spent, all of them promotional
      expect(await walletOf(world)).toMatchObject({ balance: 200, purchased: 0, promotional: 200, held: 0 });
      const hers = await credits(world);
      expect(new Set(hers.map((credit) => credit.source))).toEqual(new Set(['message', 'photo', 'session']));
      expect(
        hers.filter((credit) => credit.source === 'session').reduce((sum, credit) => sum + credit.grossUnits, 0),
      ).toBe(500);
      for (const credit of hers) expect(credit).toMatchObject({ purchasedUnits: 0, shareCents: 0 });
      expect((await askOnce(world, 'get', '/api/performer/me', performer(LUNA))).body).toMatchObject({
        totalEarnings: 0,
      });
      const session = await askOnce(world, 'get', `/api/sessions/${sessionId}`, performer(LUNA));
      expect(session.body).toMatchObject({ costAuracoin: 5, performerEarnings: 0 });

      // his ledger says every auracoin he spent was promotional
      const ledger = await ledgerOf(world);
      expect(ledger.at(-1)).toMatchObject({ reason: 'welcome', amount: 10, purchased: 0, promotional: 10 });
      const spent = ledger.slice(0, -1);
      expect(new Set(spent.map((entry) => entry.reason))).toEqual(new Set(['message', 'photo', 'session']));
      for (const entry of spent) expect(entry).toMatchObject({ purchased: 0, promotional: entry.amount });
      expect(spent.reduce((sum, entry) => sum + entry.amount, 0)).toBe(-8);
      expect(ledger[0]).toMatchObject({ purchasedBalance: 0, promotionalBalance: 2 });
      expect(await ledgerAuditProblems(world)).toEqual([]);
    }));

  it('a mixed spend earns her 55% of its purchased part only, and her statement and his ledger show the split', () =>
    withWorld(5, async (world) => {
      // 3 purchased auracoin beside the 10 welcome ones
      await world.append(
        existingStream(streams.wallet(BOB), [
          { type: 'AuracoinCredited', data: { walletId: BOB, amount: 300, reason: 'refund', creditedAt: at(-30_000) } },
        ]),
      );

      const bought = await askOnce(world, 'post', `/api/photos/${PHOTO}/purchase`, user(BOB));
      expect(bought.status).toBe(201);
      expect(bought.body).toMatchObject({ auracoinBalance: 8 });
      // purchased units go first: 3 purchased + 2 promotional; her share is 55% of 300 units
      const [photo] = await credits(world);
      expect(photo).toMatchObject({ source: 'photo', grossUnits: 500, purchasedUnits: 300, shareCents: 165 });
      // the next spend finds only promotional units left: it earns her nothing
      await sendMessage(world);
      const [, message] = await credits(world);
      expect(message).toMatchObject({ source: 'message', grossUnits: 100, purchasedUnits: 0, shareCents: 0 });
      expect((await askOnce(world, 'get', '/api/performer/me', performer(LUNA))).body).toMatchObject({
        totalEarnings: 1.65,
      });

      const ledger = await ledgerOf(world);
      expect(ledger.map((entry) => [entry.reason, entry.amount, entry.purchased, entry.promotional])).toEqual([
        ['message', -1, 0, -1],
        ['photo', -5, -3, -2],
        ['refund', 3, 3, 0],
        ['welcome', 10, 0, 10],
      ]);
      expect(ledger[0]).toMatchObject({ purchasedBalance: 0, promotionalBalance: 7 });

      const weekStart = payoutWeekOf(world.ports.clock.now()).weekStart;
      const statement = await askOnce(world, 'get', `/api/performers/${LUNA}/statements/${weekStart}`, performer(LUNA));
      expect(statement.status).toBe(200);
      const week = statement.body as StatementDetail;
      expect(week).toMatchObject({ grossUnits: 600, purchasedUnits: 300, promotionalUnits: 300, shareCents: 165 });
      expect(week.sources.photo).toEqual({ count: 1, grossUnits: 500, purchasedUnits: 300, shareCents: 165 });
      expect(week.sources.message).toEqual({ count: 1, grossUnits: 100, purchasedUnits: 0, shareCents: 0 });
      expect(week.lines.map((line) => [line.source, line.grossUnits, line.purchasedUnits, line.shareCents])).toEqual([
        ['photo', 500, 300, 165],
        ['message', 100, 0, 0],
      ]);
      expect(await ledgerAuditProblems(world)).toEqual([]);
    }));

  it('a refused spend moves no unit of either kind', () =>
    withWorld(50, async (world) => {
      const before = await world.ports.eventStore.readStream(streams.wallet(BOB));
      expect((await askOnce(world, 'post', `/api/photos/${PHOTO}/purchase`, user(BOB))).status).toBe(400);
      const after = await world.ports.eventStore.readStream(streams.wallet(BOB));
      expect(after).toHaveLength(before.length);
      expect(foldWallet(after)).toMatchObject({ balance: 1000, purchased: 0, promotional: 1000 });
    }));
});
