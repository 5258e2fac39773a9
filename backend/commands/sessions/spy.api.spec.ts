/**
 * Issue 40 item 3: spying on a private. She allows spies in her profile (at most half her rate);
 * another user watches her video during an accepted private, billed a minute at the private's spy
 * price through the ledger (her 55%), the first 10 s free; he leaves, or leaves with the private.
 */
import { spyStreams, streams, type SpyView } from '@aura/contracts';
import { foldWallet, ledgerWorkers, runLedgerAudit } from '../../ledger';
import { createTestClock } from '../../platform/clock';
import { boughtAuracoin, lunaAndTwoBuyers, registeredUser } from '../../test/api-fixtures';
import {
  apiSpec,
  ask,
  expectError,
  expectResponse,
  inWorld,
  performer,
  priorRequest,
  SPEC_NOW,
  user,
  type SpecResponse,
  type SpecWorld,
} from '../../test/api-spec';
import { privateSpyCommands } from '.';
import { spiesLeaveReaction } from './spy';

const clock = createTestClock(SPEC_NOW);
// the ledger credits her share, and a private's end sends its spies away, as the worker role does
const spec = apiSpec({
  covers: ['startSpy', 'endSpy', 'getSpy', 'performerSpyable'],
  clock,
  reactions: (ports) => [...ledgerWorkers(ports).reactions, spiesLeaveReaction(privateSpyCommands(ports))],
});

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ALICE = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f52';
const CARLO = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f53';
const POOR = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f54';

/** Luna online at 4 auracoin a minute; Bob (her private), Alice and Carlo (spies) with 50 each; Poor with 1 */
const people = [
  ...lunaAndTwoBuyers({ luna: LUNA, bob: BOB, alice: ALICE }, 4, 50),
  ...registeredUser(CARLO, { username: 'carlo' }),
  boughtAuracoin(CARLO, 50, '6b7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f53'),
  ...registeredUser(POOR, { username: 'poor' }),
  boughtAuracoin(POOR, 1, '6b7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f54'),
];
const withWorld = (run: (world: SpecWorld) => Promise<void>) => inWorld(spec, people, run);

const key = (value: string) => ({ 'Idempotency-Key': value });
const spy = (world: SpecWorld, sessionId: string, who: string, idempotencyKey: string, body: object = {}) =>
  ask(world, 'post', `/api/sessions/${sessionId}/spy`, user(who), body, key(idempotencyKey));

async function privateWithBob(world: SpecWorld) {
  const requested = await ask(world, 'post', '/api/sessions', user(BOB), { performerId: LUNA });
  expect(requested.status).toBe(201);
  const sessionId = (requested.body as { id: string }).id;
  expect((await ask(world, 'post', `/api/sessions/${sessionId}/accept`, performer(LUNA))).status).toBe(200);
  return sessionId;
}

const balanceOf = async (world: SpecWorld, userId: string) =>
  foldWallet(await world.ports.eventStore.readStream(streams.wallet(userId))).balance;

async function earningsFromSpies(world: SpecWorld) {
  const credited = await world.ports.eventStore.readStream(`earnings-${LUNA}`);
  return credited
    .map((event) => event.data as { sourceId: string; shareCents: number })
    .filter((data) => data.sourceId.includes(':spy-'));
}

const setSpyPrice = (world: SpecWorld, body: object) =>
  ask(world, 'patch', `/api/performers/${LUNA}`, performer(LUNA), body);

describe('spying on a private', () => {
  it('her spy price: at most half her rate, checked again when she lowers her rate; off by default', () =>
    withWorld(async (world) => {
      const before = await ask(world, 'get', `/api/performers/${LUNA}`, user(BOB));
      expect((before.body as { spyPrice?: number | null }).spyPrice ?? null).toBeNull();
      expect(await setSpyPrice(world, { spyPrice: 3 })).toMatchObject({
        status: 400,
        body: { code: 'spy_price_too_high' },
      });
      expect((await setSpyPrice(world, { spyPrice: 0.3 })).status).toBe(400);
      expect(await setSpyPrice(world, { spyPrice: 2 })).toMatchObject({ status: 200, body: { spyPrice: 2 } });
      expect(await setSpyPrice(world, { creditsPerMinute: 3 })).toMatchObject({
        status: 400,
        body: { code: 'spy_price_too_high' },
      });
      expect(await setSpyPrice(world, { creditsPerMinute: 3, spyPrice: 1.5 })).toMatchObject({
        status: 200,
        body: { creditsPerMinute: 3, spyPrice: 1.5 },
      });
      expect(await setSpyPrice(world, { spyPrice: 0 })).toMatchObject({ status: 200, body: { spyPrice: null } });
    }));

  it('refuses a private that allows no spies, and finds none on her profile', () =>
    withWorld(async (world) => {
      const sessionId = await privateWithBob(world);
      expect((await ask(world, 'get', `/api/performers/${LUNA}/spyable`, user(ALICE))).status).toBe(404);
      expect(await spy(world, sessionId, ALICE, 'k1')).toMatchObject({
        status: 409,
        body: { code: 'spies_not_allowed' },
      });
      expect(await world.ports.eventStore.readStream(spyStreams.spies(sessionId))).toEqual([]);
    }));

  it('a spy watches, is billed a minute at a time after 10 free seconds, and leaves with the private; she earns 55%', () =>
    withWorld(async (world) => {
      expect((await setSpyPrice(world, { spyPrice: 2 })).status).toBe(200);
      const sessionId = await privateWithBob(world);
      const seen = await ask(world, 'get', `/api/sessions/${sessionId}`, user(BOB));
      expect(seen.body).toMatchObject({ spyPrice: 2 });
      expect(await ask(world, 'get', `/api/performers/${LUNA}/spyable`, user(ALICE))).toMatchObject({
        status: 200,
        body: { sessionId, spyPrice: 2, freeSeconds: 10 },
      });

      const started = await spy(world, sessionId, ALICE, 'k1', { expectedPrice: 2 });
      expect(started).toMatchObject({ status: 201, body: { status: 'watching', pricePerMinute: 2, cost: 0 } });
      const { spyId } = started.body as SpyView;
      // the same key again: the same watch; another key while he watches: refused
      expect(await spy(world, sessionId, ALICE, 'k1', { expectedPrice: 2 })).toMatchObject({
        status: 201,
        body: { spyId },
      });
      expect(await spy(world, sessionId, ALICE, 'k2')).toMatchObject({
        status: 409,
        body: { code: 'spy_already_watching' },
      });

      // the clock: minute 1 at 10 s, minute 2 at 60 s
      const spies = privateSpyCommands(world.ports);
      await clock.advance(9_000);
      await spies.tick(sessionId, spyId);
      expect(await balanceOf(world, ALICE)).toBe(5000);
      await clock.advance(1_000);
      await spies.tick(sessionId, spyId);
      expect(await balanceOf(world, ALICE)).toBe(4800);
      await clock.advance(50_000);
      await spies.tick(sessionId, spyId);
      await spies.tick(sessionId, spyId);
      expect(await balanceOf(world, ALICE)).toBe(4600);
      const now = await ask(world, 'get', `/api/sessions/${sessionId}/spy`, user(ALICE));
      expect(now.body).toMatchObject({ status: 'watching', minutesBilled: 2, cost: 4 });

      // she ends the private at 1:30: the spy leaves with it, nothing more owed
      await clock.advance(30_000);
      expect((await ask(world, 'post', `/api/sessions/${sessionId}/end`, performer(LUNA))).status).toBe(200);
      const after = await ask(world, 'get', `/api/sessions/${sessionId}/spy`, user(ALICE));
      expect(after.body).toMatchObject({
        status: 'ended',
        endReason: 'session_ended',
        minutesBilled: 2,
        cost: 4,
        ice: null,
      });
      expect(await balanceOf(world, ALICE)).toBe(4600);
      // her 55% of each 2-auracoin minute
      expect((await earningsFromSpies(world)).map((credit) => credit.shareCents)).toEqual([110, 110]);
      const audit = await runLedgerAudit(world.ports.eventStore, { hooks: [], storedReadModels: false });
      // the fixtures' coins were credited without a card purchase behind them: the only problems the audit finds
      expect(audit.problems.filter((problem) => !/purchase credit|^purchases /.test(problem.problem))).toEqual([]);
    }));

  it('leaving within the free 10 seconds costs nothing; leaving again answers the ended watch', () =>
    withWorld(async (world) => {
      expect((await setSpyPrice(world, { spyPrice: 2 })).status).toBe(200);
      const sessionId = await privateWithBob(world);
      expect((await spy(world, sessionId, CARLO, 'k1')).status).toBe(201);
      await clock.advance(10_000);
      const left = await ask(world, 'post', `/api/sessions/${sessionId}/spy/end`, user(CARLO));
      expect(left).toMatchObject({
        status: 200,
        body: { status: 'ended', endReason: 'left', minutesBilled: 0, cost: 0 },
      });
      expect((await ask(world, 'post', `/api/sessions/${sessionId}/spy/end`, user(CARLO))).body).toMatchObject({
        status: 'ended',
        cost: 0,
      });
      expect(await balanceOf(world, CARLO)).toBe(5000);
      // a new watch with a new key, left after 11 s: minute 1 is owed
      expect((await spy(world, sessionId, CARLO, 'k2')).status).toBe(201);
      await clock.advance(11_000);
      const second = await ask(world, 'post', `/api/sessions/${sessionId}/spy/end`, user(CARLO));
      expect(second.body).toMatchObject({ status: 'ended', minutesBilled: 1, cost: 2 });
      expect(await balanceOf(world, CARLO)).toBe(4800);
    }));

  it("refuses the private's own user, her, too little balance (nothing charged), a missing key, and no watch to end", () =>
    withWorld(async (world) => {
      expect((await setSpyPrice(world, { spyPrice: 2 })).status).toBe(200);
      const sessionId = await privateWithBob(world);
      expect(await spy(world, sessionId, BOB, 'k1')).toMatchObject({ status: 403, body: { code: 'spy_party' } });
      const hers = await ask(world, 'post', `/api/sessions/${sessionId}/spy`, performer(LUNA), {}, key('k1'));
      expect(hers.status).toBe(403);
      expect(await spy(world, sessionId, POOR, 'k1')).toMatchObject({
        status: 400,
        body: { code: 'insufficient_balance' },
      });
      expect(await balanceOf(world, POOR)).toBe(100);
      expect(await spy(world, sessionId, ALICE, 'k1', { expectedPrice: 1 })).toMatchObject({
        status: 409,
        body: { code: 'price_changed' },
      });
      const keyless = await ask(world, 'post', `/api/sessions/${sessionId}/spy`, user(ALICE), {});
      expect(keyless.status).toBe(400);
      expect((await spy(world, sessionId, ALICE, 'k1', { expectedPrice: 'due' })).status).toBe(400);
      expect((await ask(world, 'post', `/api/sessions/${sessionId}/spy/end`, user(ALICE))).status).toBe(404);
      expect(await world.ports.eventStore.readStream(spyStreams.spies(sessionId))).toEqual([]);
    }));

  it('refuses a private that is not running', () =>
    withWorld(async (world) => {
      expect((await setSpyPrice(world, { spyPrice: 2 })).status).toBe(200);
      const sessionId = await privateWithBob(world);
      expect((await ask(world, 'post', `/api/sessions/${sessionId}/end`, user(BOB))).status).toBe(200);
      expect(await spy(world, sessionId, ALICE, 'k1')).toMatchObject({
        status: 409,
        body: { code: 'session_not_active' },
      });
    }));
});

describe('spy routes, one request each', () => {
  const spyPriceSet = priorRequest((request) =>
    request.patch(`/api/performers/${LUNA}`, { spyPrice: 2 }).as(performer(LUNA)),
  );
  const requested = priorRequest((request) => request.post('/api/sessions', { performerId: LUNA }).as(user(BOB)));
  const sessionOf = (priors: SpecResponse[]) => (priors[1]!.body as { id: string }).id;
  const accepted = priorRequest((request, priors) =>
    request.post(`/api/sessions/${sessionOf(priors)}/accept`).as(performer(LUNA)),
  );
  const spying = priorRequest((request, priors) =>
    request
      .post(`/api/sessions/${sessionOf(priors)}/spy`, {})
      .header('Idempotency-Key', 'k1')
      .as(user(ALICE)),
  );

  it("POST /api/sessions/{id}/spy: 201 and the watch on the private's stream of spies", () =>
    spec
      .given(...people, spyPriceSet, requested, accepted)
      .when((request, priors) =>
        request
          .post(`/api/sessions/${sessionOf(priors)}/spy`, { expectedPrice: 2 })
          .header('Idempotency-Key', 'k1')
          .as(user(ALICE)),
      )
      .then([
        expectResponse(201, { body: { status: 'watching', pricePerMinute: 2, freeSeconds: 10, cost: 0 } }),
        ({ newEvents }) => expect(newEvents.map((event) => event.type)).toEqual(['SpyStarted']),
      ]));

  it('POST /api/sessions/{id}/spy: the same key again gives the same watch, nothing new', () =>
    spec
      .given(...people, spyPriceSet, requested, accepted, spying)
      .when((request, priors) =>
        request
          .post(`/api/sessions/${sessionOf(priors)}/spy`, {})
          .header('Idempotency-Key', 'k1')
          .as(user(ALICE)),
      )
      .then([expectResponse(201, { body: { status: 'watching' } }), ({ newEvents }) => expect(newEvents).toEqual([])]));

  it("POST /api/sessions/{id}/spy: the private's own user is refused", () =>
    spec
      .given(...people, spyPriceSet, requested, accepted)
      .when((request, priors) =>
        request
          .post(`/api/sessions/${sessionOf(priors)}/spy`, {})
          .header('Idempotency-Key', 'k1')
          .as(user(BOB)),
      )
      .then([expectError(403, 'spy_party')]));

  it('POST /api/sessions/{id}/spy/end: he leaves within the free start, nothing charged', () =>
    spec
      .given(...people, spyPriceSet, requested, accepted, spying)
      .when((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/spy/end`).as(user(ALICE)))
      .then([
        expectResponse(200, { body: { status: 'ended', endReason: 'left', minutesBilled: 0, cost: 0 } }),
        ({ newEvents }) => expect(newEvents.map((event) => event.type)).toEqual(['SpyEnded']),
      ]));

  it('POST /api/sessions/{id}/spy/end and GET /api/sessions/{id}/spy: 404 without a watch', async () => {
    await spec
      .given(...people, spyPriceSet, requested, accepted)
      .when((request, priors) => request.post(`/api/sessions/${sessionOf(priors)}/spy/end`).as(user(ALICE)))
      .then([expectError(404, 'not_found')]);
    await spec
      .given(...people, spyPriceSet, requested, accepted)
      .when((request, priors) => request.get(`/api/sessions/${sessionOf(priors)}/spy`).as(user(ALICE)))
      .then([expectError(404, 'not_found')]);
  });

  it('GET /api/sessions/{id}/spy: his watch, running', () =>
    spec
      .given(...people, spyPriceSet, requested, accepted, spying)
      .when((request, priors) => request.get(`/api/sessions/${sessionOf(priors)}/spy`).as(user(ALICE)))
      .then([expectResponse(200, { body: { status: 'watching', minutesBilled: 0 } })]));

  it('GET /api/performers/{id}/spyable: her private spies may watch, else 404', async () => {
    await spec
      .given(...people, spyPriceSet, requested, accepted)
      .when((request) => request.get(`/api/performers/${LUNA}/spyable`).as(user(ALICE)))
      .then([expectResponse(200, { body: { spyPrice: 2, freeSeconds: 10 } })]);
    await spec
      .given(...people, spyPriceSet)
      .when((request) => request.get(`/api/performers/${LUNA}/spyable`).as(user(ALICE)))
      .then([expectError(404, 'not_found')]);
  });
});
