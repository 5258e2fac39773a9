/**
 * Honest figures (docs/product.md#ratings): a user rates the paid private session he had, once;
 * her views carry the average and the count of real ratings only (was backend/test/ratings.int.ts).
 */
import type { SessionView } from '@aura/contracts';
import { existingAdmin, lunaAndTwoBuyers, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  ask,
  inWorld,
  expectResponse,
  performer,
  user,
  type Caller,
  type SpecWorld,
} from '../../test/api-spec';

const spec = apiSpec({ covers: [] });

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ALICE = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f52';
const EVE = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f53';

/** Luna online at 2 auracoin a minute; Bob and Alice each with 100 auracoin they bought; Eve with none */
const people = [
  ...lunaAndTwoBuyers({ luna: LUNA, bob: BOB, alice: ALICE }, 2, 100),
  ...registeredUser(EVE, { username: 'eve' }),
];
/** A private session the user had and paid: accepted, then ended by him, its cost charged. */
async function paidSession(world: SpecWorld, userId: string) {
  const requested = await ask(world, 'post', '/api/sessions', user(userId), { performerId: LUNA });
  expect(requested.status).toBe(201);
  const sessionId = (requested.body as { id: string }).id;
  expect((await ask(world, 'post', `/api/sessions/${sessionId}/accept`, performer(LUNA))).status).toBe(200);
  expect((await ask(world, 'post', `/api/sessions/${sessionId}/end`, user(userId))).status).toBe(200);
  const view = (await ask(world, 'get', `/api/sessions/${sessionId}`, user(userId))).body as SessionView;
  expect(view.status).toBe('ended');
  expect(view.costAuracoin).toBeGreaterThan(0);
  return sessionId;
}

const withWorld = (run: (world: SpecWorld) => Promise<void>) => inWorld(spec, people, run);

describe('ratings', () => {
  it('lets the user of a paid session rate it once, and her views show the real average', () =>
    withWorld(async (world) => {
      expect((await ask(world, 'get', `/api/performers/${LUNA}`)).body).toMatchObject({ rating: null, ratingCount: 0 });

      const first = await paidSession(world, BOB);
      const rated = await ask(world, 'post', `/api/sessions/${first}/rating`, user(BOB), {
        stars: 5,
        comment: 'Bellissima chiacchierata',
      });
      expect(rated.status).toBe(201);
      expect(rated.body).toMatchObject({
        sessionId: first,
        performerId: LUNA,
        stars: 5,
        comment: 'Bellissima chiacchierata',
      });
      expect((await ask(world, 'post', `/api/sessions/${first}/rating`, user(BOB), { stars: 1 })).status).toBe(409);

      const second = await paidSession(world, ALICE);
      expect((await ask(world, 'post', `/api/sessions/${second}/rating`, user(ALICE), { stars: 4 })).status).toBe(201);
      const profile = await ask(world, 'get', `/api/performers/${LUNA}`);
      expect(profile.body).toMatchObject({ rating: 4.5, ratingCount: 2 });
      const gallery = (await ask(world, 'get', '/api/performers?limit=200')).body as {
        performers: { id: string; rating: number; ratingCount: number }[];
      };
      expect(gallery.performers.find((p) => p.id === LUNA)).toMatchObject({ rating: 4.5, ratingCount: 2 });
    }));

  it('refuses bad stars, other people, the performer and an unpaid request', () =>
    withWorld(async (world) => {
      const sessionId = await paidSession(world, BOB);
      const rate = (caller: Caller | undefined, stars: unknown = 5, id = sessionId) =>
        ask(world, 'post', `/api/sessions/${id}/rating`, caller, { stars });
      for (const stars of [0, 6, 4.5, '5']) expect((await rate(user(BOB), stars)).status).toBe(400);
      expect([403, 404]).toContain((await rate(user(EVE))).status);
      expect((await rate(performer(LUNA))).status).toBe(403);
      expect((await rate(undefined)).status).toBe(401);

      // a request she never accepted cost nothing: nothing to rate
      const requested = await ask(world, 'post', '/api/sessions', user(ALICE), { performerId: LUNA });
      const withdrawn = (requested.body as { id: string }).id;
      expect((await ask(world, 'post', `/api/sessions/${withdrawn}/end`, user(ALICE))).status).toBe(200);
      expect((await rate(user(ALICE), 5, withdrawn)).status).toBe(403);
      expect((await ask(world, 'get', `/api/performers/${LUNA}`)).body).toMatchObject({ rating: null, ratingCount: 0 });
    }));

  it('ignores a rating an admin types: only real users rate', () =>
    spec
      .given(...existingAdmin(ADMIN))
      .when((request) =>
        request
          .post('/api/performers', {
            name: 'Nuova',
            age: 30,
            image: '/demo/performers/1.svg',
            rating: 4.8,
            creditsPerMinute: 2,
            languages: 'Italiano',
          })
          .as(admin(ADMIN, { secondFactor: true })),
      )
      .then([expectResponse(201, { body: { rating: null, ratingCount: 0 } })]));
});
