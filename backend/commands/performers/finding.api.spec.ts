/**
 * Finding someone: the gallery's orders and filters (sort, language, age and price ranges, 'Nuove'),
 * her weekly schedule and her followers, and what verification checked staying hers to keep
 * (was backend/test/ratings.int.ts).
 */
import { at, existingAdmin, existingPerformer, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  expectResponse,
  performer,
  priorRequest,
  ask,
  type SpecRequest,
  user,
} from '../../test/api-spec';

const spec = apiSpec({ covers: [] });

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const ALBA = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const BEA = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const CORA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';

describe('finding someone', () => {
  it('sorts by price and newest, filters by language, age and price, and lists the new ones', async () => {
    const world = await spec.world();
    try {
      // created by an admin one after the other: Alba first, Cora last
      await world.append(
        ...existingPerformer(ALBA, { name: 'Alba', age: 22, rate: 4, languages: ['Español'], createdAt: at(-3_000) }),
        ...existingPerformer(BEA, { name: 'Bea', age: 35, rate: 1.5, languages: ['Italiano'], createdAt: at(-2_000) }),
        ...existingPerformer(CORA, {
          name: 'Cora',
          age: 28,
          rate: 3,
          languages: ['Español', 'Italiano'],
          createdAt: at(-1_000),
        }),
      );
      const gallery = (query: string) => ask(world, 'get', `/api/performers?limit=200&${query}`);
      const ids = (answer: { body: unknown }) =>
        (answer.body as { performers: { id: string }[] }).performers.map((p) => p.id);

      expect(ids(await gallery('sort=price_asc'))).toEqual([BEA, CORA, ALBA]);
      expect(ids(await gallery('sort=price_desc'))).toEqual([ALBA, CORA, BEA]);
      expect(ids(await gallery('sort=new'))).toEqual([CORA, BEA, ALBA]);
      expect(ids(await gallery('language=Español'))).toEqual(expect.arrayContaining([ALBA, CORA]));
      expect(ids(await gallery('language=Español'))).toHaveLength(2);
      expect(ids(await gallery('ageMin=25&ageMax=30'))).toEqual([CORA]);
      expect(ids(await gallery('priceMin=2&priceMax=3.5'))).toEqual([CORA]);
      const fresh = await gallery('tab=new');
      expect(ids(fresh)).toEqual([CORA, BEA, ALBA]);
      expect((fresh.body as { counts: unknown }).counts).toMatchObject({ all: 3, new: 3 });

      for (const bad of [
        'sort=cheapest',
        'language=Klingon',
        'ageMin=12',
        'ageMin=40&ageMax=30',
        'priceMin=5&priceMax=1',
        'priceMin=-1',
        'tab=newest',
      ])
        expect({ bad, status: (await gallery(bad)).status }).toEqual({ bad, status: 400 });
    } finally {
      await world.close();
    }
  });

  describe('her weekly schedule and how many follow her', () => {
    const slots = [
      { day: 4, from: '21:00', to: '24:00' },
      { day: 0, from: '18:00', to: '20:30' },
    ];
    const cora = existingPerformer(CORA, { online: true });
    const schedule = (body: unknown) => (request: { put: (url: string, body?: unknown) => SpecRequest }) =>
      request.put(`/api/performers/${CORA}/schedule`, body);

    it('she saves it, ordered by day', () =>
      spec
        .given(...cora)
        .when((request) => schedule({ slots })(request).as(performer(CORA)))
        .then([expectResponse(200, { body: { schedule: [slots[1], slots[0]] } })]));

    it('refuses a slot that ends before it begins, and a day past Saturday', async () => {
      for (const slot of [
        { day: 1, from: '20:00', to: '19:00' },
        { day: 7, from: '20:00', to: '21:00' },
      ])
        await spec
          .given(...cora)
          .when((request) => schedule({ slots: [slot] })(request).as(performer(CORA)))
          .then([expectResponse(400)]);
    });

    it('refuses another performer', () =>
      spec
        .given(...cora, ...existingPerformer(SOLE, { online: true }))
        .when((request) => schedule({ slots })(request).as(performer(SOLE)))
        .then([expectResponse(403)]));

    it('her profile shows it and her one follower', () =>
      spec
        .given(
          ...cora,
          ...registeredUser(BOB),
          priorRequest((request) => schedule({ slots })(request).as(performer(CORA))),
          priorRequest((request) => request.put(`/api/favourites/${CORA}`).as(user(BOB))),
        )
        .when((request) => request.get(`/api/performers/${CORA}`))
        .then([expectResponse(200, { body: { favouritesCount: 1, schedule: [slots[1], slots[0]] } })]));
  });

  describe('what verification checked stays: she cannot rename herself once approved, an admin can', () => {
    const verified = existingPerformer(CORA, { name: 'Verificata', online: true });

    for (const change of [{ name: 'Altra' }, { age: 40 }])
      it(`refuses her ${Object.keys(change)[0]}`, () =>
        spec
          .given(...verified)
          .when((request) => request.patch(`/api/performers/${CORA}`, change).as(performer(CORA)))
          .then([expectResponse(403)]));

    it('takes the same name again (no change)', () =>
      spec
        .given(...verified)
        .when((request) =>
          request.patch(`/api/performers/${CORA}`, { name: 'Verificata', bio: 'Ciao' }).as(performer(CORA)),
        )
        .then([expectResponse(200)]));

    it('an admin renames her', () =>
      spec
        .given(...verified, ...existingAdmin(ADMIN))
        .when((request) =>
          request.patch(`/api/performers/${CORA}`, { name: 'Altra' }).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectResponse(200, { body: { name: 'Altra' } })]));
  });
});
