/**
 * The public reads (gallery, a performer's profile, the packages) are serialised once per change of
 * their read model and answered with a strong ETag: a client holding the answer gets a 304, a change
 * gives a new ETag and the new body at once, and what a signed-in caller sees of herself stays hers
 * (was backend/test/public-reads.int.ts; the Koa app answers in process as it does on a socket).
 */
import { existingAdmin, existingPerformer, packageOnSale } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  ask,
  expectResponse,
  inWorld,
  performer,
  priorRequest,
  SpecRequest,
  type Caller,
  type SpecResponse,
  type SpecWorld,
} from '../../test/api-spec';

const spec = apiSpec({ covers: [] });

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const GIULIA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOFIA = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const NOBODY = '7e8f9a0b-1c2d-4e3f-9a4b-5c6d7e8f9a0b';
const PACKAGE = '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';

const STRONG_ETAG = /^"[\w-]{27}"$/;

/** Giulia online and Sofia offline (the demo has both kinds), a package on sale, an admin */
const catalogue = [
  ...existingPerformer(GIULIA, { username: 'giulia.rossi', rate: 2.5, online: true }),
  ...existingPerformer(SOFIA, { username: 'sofia.marino', rate: 3 }),
  packageOnSale(PACKAGE),
  ...existingAdmin(ADMIN),
];

const withWorld = (run: (world: SpecWorld) => Promise<void>) => inWorld(spec, catalogue, run);

const read = (world: SpecWorld, route: string, caller?: Caller) => ask(world, 'get', route, caller);

/** GET with If-None-Match, as a browser revalidates what it holds (with its proof of age) */
const revalidate = (world: SpecWorld, route: string, etag: string, headers: Record<string, string> = {}) =>
  ask(world, 'get', route, undefined, undefined, {
    'if-none-match': etag,
    'cache-control': 'max-age=0',
    ...headers,
  });

const etagOf = (answer: SpecResponse) => answer.headers.etag as string;

type Card = { id: string; creditsPerMinute: number };
const cardOf = (answer: SpecResponse, id: string) =>
  (answer.body as { performers: Card[] }).performers.find((card) => card.id === id)!;

describe('gallery: ETag and 304', () => {
  it('answers a strong ETag; If-None-Match with it gets a bodiless 304 that keeps the usual headers', () =>
    withWorld(async (world) => {
      const first = await read(world, '/api/performers');
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = etagOf(first);
      expect(etag).toMatch(STRONG_ETAG);
      expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.text));

      const again = await read(world, '/api/performers');
      expect(etagOf(again)).toBe(etag);
      expect(again.text).toBe(first.text);

      const notModified = await revalidate(world, '/api/performers', etag);
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe('');
      expect(etagOf(notModified)).toBe(etag);
      expect(notModified.headers['x-content-type-options']).toBe('nosniff');
      expect(notModified.headers['x-request-id']).toMatch(/.+/);
      // a list of tags, one of them current
      expect((await revalidate(world, '/api/performers', `"other", ${etag}`)).status).toBe(304);
      // a reload that asks past every cache gets the body
      expect((await revalidate(world, '/api/performers', etag, { 'cache-control': 'no-cache' })).status).toBe(200);
      // another query is another answer
      const online = await revalidate(world, '/api/performers?tab=online', etag);
      expect(online.status).toBe(200);
      expect(etagOf(online)).not.toBe(etag);
    }));

  it('a performer changes her price: the gallery gets a new ETag and the new body; the old ETag gets a 200', () =>
    withWorld(async (world) => {
      const before = await read(world, '/api/performers');
      const etag = etagOf(before);
      const price = cardOf(before, GIULIA).creditsPerMinute;
      const changed = await ask(world, 'patch', `/api/performers/${GIULIA}`, performer(GIULIA), {
        creditsPerMinute: price + 0.5,
      });
      expect(changed.status).toBe(200);

      const after = await read(world, '/api/performers');
      expect(etagOf(after)).not.toBe(etag);
      expect(cardOf(after, GIULIA).creditsPerMinute).toBe(price + 0.5);
      const stale = await revalidate(world, '/api/performers', etag);
      expect(stale.status).toBe(200);
      expect(stale.text).toBe(after.text);
      expect(etagOf(stale)).toBe(etagOf(after));
    }));

  it('is the same answer for a signed-in caller (the gallery is not personalised)', () =>
    withWorld(async (world) => {
      const anonymous = await read(world, '/api/performers');
      const signedIn = await read(world, '/api/performers', performer(SOFIA));
      expect(signedIn.text).toBe(anonymous.text);
      expect(etagOf(signedIn)).toBe(etagOf(anonymous));
    }));
});

describe("a performer's profile: ETag, 304 and personalised views", () => {
  const route = `/api/performers/${GIULIA}`;

  it('answers visitors the public view with an ETag and a 304, and after her change the new one at once', () =>
    withWorld(async (world) => {
      const first = await read(world, route);
      expect(first.status).toBe(200);
      expect(first.body).not.toHaveProperty('email');
      const etag = etagOf(first);
      expect(etag).toMatch(STRONG_ETAG);
      expect((await revalidate(world, route, etag)).status).toBe(304);

      const price = (first.body as Card).creditsPerMinute;
      const changed = await ask(world, 'patch', route, performer(GIULIA), { creditsPerMinute: price + 1 });
      expect(changed.status).toBe(200);
      // read-your-writes as before: the very next read has the change
      const after = await read(world, route);
      expect((after.body as Card).creditsPerMinute).toBe(price + 1);
      expect(etagOf(after)).not.toBe(etag);
      const stale = await revalidate(world, route, etag);
      expect(stale.status).toBe(200);
      expect(stale.body).toEqual(after.body);
    }));

  it('answers herself and admins her whole record, other signed-in callers the public view', () =>
    withWorld(async (world) => {
      const publicView = await read(world, route);
      const herself = await read(world, route, performer(GIULIA));
      expect(herself.status).toBe(200);
      expect(herself.body).toMatchObject({ id: GIULIA, email: expect.any(String), totalSessions: expect.any(Number) });
      expect((await read(world, route, admin(ADMIN))).body).toMatchObject({
        id: GIULIA,
        email: (herself.body as { email: string }).email,
      });
      const other = await read(world, route, performer(SOFIA));
      expect(other.body).toEqual(publicView.body);
      expect(other.body).not.toHaveProperty('email');
    }));

  it('stays hidden from a country she geoblocks, and visible elsewhere, right after she sets it', () =>
    withWorld(async (world) => {
      /** a visitor from `country` (no cookie at all, as a bare fetch) */
      const from = (country: string) => world.send(new SpecRequest('get', route).header('cf-ipcountry', country));
      const geoblock = (countries: string[]) =>
        ask(world, 'put', `${route}/geoblock`, performer(GIULIA), { countries });
      expect((await read(world, route)).status).toBe(200);
      expect((await geoblock(['DE'])).status).toBe(200);
      expect((await from('DE')).status).toBe(404);
      expect((await from('IT')).status).toBe(200);
      // herself, from there: her whole record
      expect(
        (await ask(world, 'get', route, performer(GIULIA), undefined, { 'cf-ipcountry': 'DE' })).body,
      ).toMatchObject({ email: expect.any(String) });
      expect((await geoblock([])).status).toBe(200);
      expect((await from('DE')).status).toBe(200);
    }));

  it('answers 404 for an unknown performer', () =>
    withWorld(async (world) => expect((await read(world, `/api/performers/${NOBODY}`)).status).toBe(404)));
});

describe('packages: ETag, 304 and a change', () => {
  it('answers a 304 to the current ETag, and the new list with a new ETag right after an admin changes a package', async () => {
    let etag = '';
    await spec
      .given(
        ...catalogue,
        priorRequest((request) => request.get('/api/packages')),
        priorRequest((request, [first]) =>
          request.get('/api/packages').header('if-none-match', etagOf(first!)).header('cache-control', 'max-age=0'),
        ),
      )
      .when((request, [first, revalidated]) => {
        etag = etagOf(first!);
        expect(etag).toMatch(STRONG_ETAG);
        expect(revalidated!.status).toBe(304);
        return request.post('/api/packages', { credits: 777, price: 550 }).as(admin(ADMIN, { secondFactor: true }));
      })
      .then([
        expectResponse(201),
        async ({ response: created, world }) => {
          const after = await read(world, '/api/packages');
          expect(after.body).toContainEqual(created.body);
          expect(etagOf(after)).not.toBe(etag);
          expect((await revalidate(world, '/api/packages', etag)).status).toBe(200);
          expect((await revalidate(world, '/api/packages', etagOf(after))).status).toBe(304);
        },
      ]);
  });
});
