/**
 * The public reads (gallery, a performer's profile, the packages) are serialised once per change of
 * their read model and answered with a strong ETag: a client holding the answer gets a 304, a change
 * gives a new ETag and the new body at once, and what a signed-in caller sees of herself stays hers.
 */
import { deterministicId } from '../platform/ids';
import { client, sandboxAgeProof, startTestApp, type TestApp } from './app-harness';
import { send, superadminClient } from './admin-session';

let app: TestApp;
/** the proof of age the test clients hold (issue 39): the same browser's revalidations carry it */
let ageProof = '';
beforeAll(async () => {
  app = await startTestApp();
  await app.seedDemo();
  await app.settled();
  ageProof = (await sandboxAgeProof(app.url)) ?? '';
});
afterAll(async () => {
  await app.close();
});

const giulia = deterministicId('demo-performer:giulia.rossi');

async function signedInAs(username: string) {
  const http = client(app.url);
  expect((await http.post('/api/performer/login', { username, password: 'demo-performer' })).status).toBe(200);
  return http;
}

/**
 * GET with If-None-Match, as a browser revalidates what it holds (fetch() would add
 * `Cache-Control: no-cache`, an end-to-end reload, to a conditional request without one).
 */
const revalidate = (route: string, etag: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${route}`, {
    headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0', cookie: ageProof, ...headers },
  });

/** The gallery may lag the read model by its snapshot check (50 ms): asks until the answer differs. */
async function galleryAfterChange(previousEtag: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const page = await client(app.url).get('/api/performers');
    if (page.headers.get('etag') !== previousEtag) return page;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the gallery kept its ETag after the change');
}

type Card = { id: string; creditsPerMinute: number };

describe('gallery: ETag and 304', () => {
  it('answers a strong ETag; If-None-Match with it gets a bodiless 304 that keeps the usual headers', async () => {
    const first = await client(app.url).get('/api/performers');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(Number(first.headers.get('content-length'))).toBe(Buffer.byteLength(first.text));

    const again = await client(app.url).get('/api/performers');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.text).toBe(first.text);

    const notModified = await revalidate('/api/performers', etag);
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff');
    expect(notModified.headers.get('x-request-id')).toMatch(/.+/);
    // a list of tags, one of them current
    expect((await revalidate('/api/performers', `"other", ${etag}`)).status).toBe(304);
    // a reload that asks past every cache gets the body
    expect((await revalidate('/api/performers', etag, { 'Cache-Control': 'no-cache' })).status).toBe(200);
    // another query is another answer
    const online = await revalidate('/api/performers?tab=online', etag);
    expect(online.status).toBe(200);
    expect(online.headers.get('etag')).not.toBe(etag);
  });

  it('a performer changes her price: the gallery gets a new ETag and the new body; the old ETag gets a 200', async () => {
    const before = await client(app.url).get('/api/performers');
    const etag = before.headers.get('etag')!;
    const price = (before.json.performers as Card[]).find((card) => card.id === giulia)!.creditsPerMinute;
    const http = await signedInAs('giulia.rossi');
    const changed = await send(http, 'PATCH', `${app.url}/api/performers/${giulia}`, { creditsPerMinute: price + 0.5 });
    expect(changed.status).toBe(200);

    const after = await galleryAfterChange(etag);
    expect((after.json.performers as Card[]).find((card) => card.id === giulia)!.creditsPerMinute).toBe(price + 0.5);
    const stale = await revalidate('/api/performers', etag);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(after.text);
    expect(stale.headers.get('etag')).toBe(after.headers.get('etag'));
  });

  it('is the same answer for a signed-in caller (the gallery is not personalised)', async () => {
    const anonymous = await client(app.url).get('/api/performers');
    const signedIn = await (await signedInAs('sofia.marino')).get('/api/performers');
    expect(signedIn.text).toBe(anonymous.text);
    expect(signedIn.headers.get('etag')).toBe(anonymous.headers.get('etag'));
  });
});

describe("a performer's profile: ETag, 304 and personalised views", () => {
  const route = `/api/performers/${giulia}`;

  it('answers visitors the public view with an ETag and a 304, and after her change the new one at once', async () => {
    const first = await client(app.url).get(route);
    expect(first.status).toBe(200);
    expect(first.json).not.toHaveProperty('email');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await revalidate(route, etag)).status).toBe(304);

    const http = await signedInAs('giulia.rossi');
    const price = first.json.creditsPerMinute as number;
    expect((await send(http, 'PATCH', `${app.url}${route}`, { creditsPerMinute: price + 1 })).status).toBe(200);
    // read-your-writes as before: the very next read has the change
    const after = await client(app.url).get(route);
    expect(after.json.creditsPerMinute).toBe(price + 1);
    expect(after.headers.get('etag')).not.toBe(etag);
    const stale = await revalidate(route, etag);
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual(after.json);
  });

  it('answers herself and admins her whole record, other signed-in callers the public view', async () => {
    const publicView = await client(app.url).get(route);
    const herself = await (await signedInAs('giulia.rossi')).get(route);
    expect(herself.status).toBe(200);
    expect(herself.json).toMatchObject({ id: giulia, email: expect.any(String), totalSessions: expect.any(Number) });
    const admin = await superadminClient(app);
    expect((await admin.get(route)).json).toMatchObject({ id: giulia, email: herself.json.email });
    const other = await (await signedInAs('sofia.marino')).get(route);
    expect(other.json).toEqual(publicView.json);
    expect(other.json).not.toHaveProperty('email');
  });

  it('stays hidden from a country she geoblocks, and visible elsewhere, right after she sets it', async () => {
    const http = await signedInAs('giulia.rossi');
    expect((await client(app.url).get(route)).status).toBe(200);
    expect((await send(http, 'PUT', `${app.url}${route}/geoblock`, { countries: ['DE'] })).status).toBe(200);
    try {
      expect((await fetch(`${app.url}${route}`, { headers: { 'CF-IPCountry': 'DE' } })).status).toBe(404);
      expect((await fetch(`${app.url}${route}`, { headers: { 'CF-IPCountry': 'IT' } })).status).toBe(200);
      // herself, from there: her whole record
      expect((await http.send('GET', route, undefined, { 'CF-IPCountry': 'DE' })).json).toMatchObject({
        email: expect.any(String),
      });
    } finally {
      expect((await send(http, 'PUT', `${app.url}${route}/geoblock`, { countries: [] })).status).toBe(200);
    }
    expect((await fetch(`${app.url}${route}`, { headers: { 'CF-IPCountry': 'DE' } })).status).toBe(200);
  });

  it('answers 404 for an unknown performer', async () => {
    expect((await client(app.url).get(`/api/performers/${deterministicId('nobody')}`)).status).toBe(404);
  });
});

describe('packages: ETag, 304 and a change', () => {
  it('answers a 304 to the current ETag, and the new list with a new ETag right after an admin changes a package', async () => {
    const first = await client(app.url).get('/api/packages');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await revalidate('/api/packages', etag)).status).toBe(304);

    const root = await superadminClient(app);
    const created = await root.post('/api/packages', { credits: 777, price: 550 });
    expect(created.status).toBe(201);
    const after = await client(app.url).get('/api/packages');
    expect(after.json).toContainEqual(created.json);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await revalidate('/api/packages', etag)).status).toBe(200);
    expect((await revalidate('/api/packages', after.headers.get('etag')!)).status).toBe(304);
    expect((await send(root, 'DELETE', `${app.url}/api/packages/${created.json.id as string}`)).status).toBe(200);
  });
});
