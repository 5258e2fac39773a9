/**
 * Issue 19, item 4: one running session per performer, whatever the clicks. Twenty accepts of one
 * request at once, and accepts of two of her requests at once, leave exactly one session running,
 * her booth held by it; the losers are refused (409) or answered busy, and change nothing else
 * (was backend/test/security/booth.int.ts). The requests run concurrently in process, on the
 * in-memory store's optimistic concurrency as on the embedded one's (one connection either way).
 */
import { sessionStreams, streams, type SessionView } from '@aura/contracts';
import { foldWallet } from '../../ledger';
import { lunaAndTwoBuyers } from '../../test/api-fixtures';
import { apiSpec, ask, inWorld, performer, user, type SpecWorld } from '../../test/api-spec';

const spec = apiSpec({ covers: [] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ALICE = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f52';

/** Luna online at 1 auracoin a minute; Bob and Alice each with 20 auracoin they bought */
const people = lunaAndTwoBuyers({ luna: LUNA, bob: BOB, alice: ALICE }, 1, 20);
const withWorld = (run: (world: SpecWorld) => Promise<void>) => inWorld(spec, people, run);

async function boothEvents(world: SpecWorld) {
  return (await world.ports.eventStore.readStream(sessionStreams.booth(LUNA))).map((event) => ({
    type: event.type,
    sessionId: (event.data as { sessionId: string }).sessionId,
  }));
}

async function viewOf(world: SpecWorld, userId: string, sessionId: string) {
  return (await ask(world, 'get', `/api/sessions/${sessionId}`, user(userId))).body as SessionView;
}

async function requestOf(world: SpecWorld, userId: string) {
  const requested = await ask(world, 'post', '/api/sessions', user(userId), { performerId: LUNA });
  expect(requested.status).toBe(201);
  return (requested.body as { id: string }).id;
}

const accept = (world: SpecWorld, sessionId: string) =>
  ask(world, 'post', `/api/sessions/${sessionId}/accept`, performer(LUNA));

describe('one running session per performer', () => {
  it('of 20 concurrent accepts of one request one starts it; her booth stays held by it', () =>
    withWorld(async (world) => {
      const sessionId = await requestOf(world, BOB);
      const answers = await Promise.all(Array.from({ length: 20 }, () => accept(world, sessionId)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      expect((await viewOf(world, BOB, sessionId)).status).toBe('active');
      // the booth was taken once, by the one session, and no losing accept freed it
      expect(await boothEvents(world)).toEqual([{ type: 'SessionBoothTaken', sessionId }]);
      const started = (await world.ports.eventStore.readStream(sessionStreams.session(sessionId))).filter(
        (event) => event.type === 'SessionStarted',
      );
      expect(started).toHaveLength(1);

      // a request asked while it runs cannot start a second session
      const second = await ask(world, 'post', '/api/sessions', user(ALICE), { performerId: LUNA });
      if (second.status === 201) {
        const accepted = await accept(world, (second.body as { id: string }).id);
        expect(accepted.status).toBe(409);
        expect(accepted.body).toMatchObject({ code: 'performer_busy' });
      } else {
        expect(second.status).toBe(409);
      }
      expect(await boothEvents(world)).toEqual([{ type: 'SessionBoothTaken', sessionId }]);
    }));

  // five rounds, as before: the interleaving of the accepts differs from one to the next
  for (let round = 1; round <= 5; round++)
    it(`of concurrent accepts of two of her requests exactly one session runs; the other costs nothing (round ${round})`, () =>
      withWorld(async (world) => {
        const ids = [await requestOf(world, BOB), await requestOf(world, ALICE)];
        const answers = await Promise.all(Array.from({ length: 10 }, () => ids.map((id) => accept(world, id))).flat());
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
        expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual(
          Array(19).fill(409),
        );
        const statuses = [(await viewOf(world, BOB, ids[0]!)).status, (await viewOf(world, ALICE, ids[1]!)).status];
        expect(statuses.filter((status) => status === 'active')).toHaveLength(1);
        const winner = statuses[0] === 'active' ? 0 : 1;
        const loserId = ids[1 - winner]!;
        const loser = winner === 0 ? ALICE : BOB;
        const view = await viewOf(world, loser, loserId);
        expect(view).toMatchObject({ status: 'declined', endReason: 'busy' });
        // her booth is held by the running session, taken once; the loser never started nor paid
        expect(await boothEvents(world)).toEqual([{ type: 'SessionBoothTaken', sessionId: ids[winner] }]);
        expect(
          (await world.ports.eventStore.readStream(sessionStreams.session(loserId))).map((event) => event.type),
        ).toEqual(['SessionRequested', 'SessionDeclined']);
        expect(foldWallet(await world.ports.eventStore.readStream(streams.wallet(loser)))).toMatchObject({
          balance: 2000,
          held: 0,
        });
      }));
});
