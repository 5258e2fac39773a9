/**
 * Honest figures (docs/product.md#ratings): a user rates the paid private session he had, once;
 * her views carry the average and the count of real ratings only. The gallery's orders and filters
 * (sort, language, age and price ranges, 'Nuove'), her weekly schedule and her followers.
 */
import { client, startTestApp, type TestApp } from './app-harness';
import { send, superadminClient } from './admin-session';
import { fundedUser, onlinePerformer, waitForSession, type Http } from './session-helpers';

let app: TestApp;
let admin: Http;

beforeAll(async () => {
  app = await startTestApp({ BILLING_MINUTE_MS: '400' });
  admin = await superadminClient(app);
}, 120_000);
afterAll(async () => {
  await app.close();
});

/** A private session the user had and paid: accepted, then ended by him. */
async function paidSession(performer: Awaited<ReturnType<typeof onlinePerformer>>) {
  const user = await fundedUser(app, admin, 100);
  const requested = await user.http.post('/api/sessions', { performerId: performer.id });
  expect(requested.status).toBe(201);
  const sessionId = requested.json.id as string;
  expect((await performer.http.post(`/api/sessions/${sessionId}/accept`)).status).toBe(200);
  expect((await user.http.post(`/api/sessions/${sessionId}/end`)).status).toBe(200);
  await waitForSession(user.http, sessionId, (view) => view.status === 'ended' && view.costAuracoin > 0);
  return { user, sessionId };
}

describe('ratings', () => {
  it('lets the user of a paid session rate it once, and her views show the real average', async () => {
    const performer = await onlinePerformer(app.url, admin);
    const fresh = await client(app.url).get(`/api/performers/${performer.id}`);
    expect(fresh.json).toMatchObject({ rating: null, ratingCount: 0 });

    const first = await paidSession(performer);
    const rated = await first.user.http.post(`/api/sessions/${first.sessionId}/rating`, {
      stars: 5,
      comment: 'Bellissima chiacchierata',
    });
    expect(rated.status).toBe(201);
    expect(rated.json).toMatchObject({
      sessionId: first.sessionId,
      performerId: performer.id,
      stars: 5,
      comment: 'Bellissima chiacchierata',
    });
    const twice = await first.user.http.post(`/api/sessions/${first.sessionId}/rating`, { stars: 1 });
    expect(twice.status).toBe(409);

    const second = await paidSession(performer);
    expect((await second.user.http.post(`/api/sessions/${second.sessionId}/rating`, { stars: 4 })).status).toBe(201);
    const profile = await client(app.url).get(`/api/performers/${performer.id}`);
    expect(profile.json).toMatchObject({ rating: 4.5, ratingCount: 2 });
    const gallery = await client(app.url).get('/api/performers?limit=200');
    expect(
      (gallery.json.performers as { id: string; rating: number; ratingCount: number }[]).find(
        (p) => p.id === performer.id,
      ),
    ).toMatchObject({ rating: 4.5, ratingCount: 2 });
  });

  it('refuses bad stars, other people, the performer and an unpaid request', async () => {
    const performer = await onlinePerformer(app.url, admin);
    const { user, sessionId } = await paidSession(performer);
    for (const stars of [0, 6, 4.5, '5'])
      expect((await user.http.post(`/api/sessions/${sessionId}/rating`, { stars })).status).toBe(400);
    const stranger = await fundedUser(app, admin, 0);
    expect([403, 404]).toContain((await stranger.http.post(`/api/sessions/${sessionId}/rating`, { stars: 5 })).status);
    expect((await performer.http.post(`/api/sessions/${sessionId}/rating`, { stars: 5 })).status).toBe(403);
    expect((await client(app.url).post(`/api/sessions/${sessionId}/rating`, { stars: 5 })).status).toBe(401);

    // a request she never accepted cost nothing: nothing to rate
    const unpaid = await fundedUser(app, admin, 100);
    const requested = await unpaid.http.post('/api/sessions', { performerId: performer.id });
    const withdrawn = requested.json.id as string;
    expect((await unpaid.http.post(`/api/sessions/${withdrawn}/end`)).status).toBe(200);
    expect((await unpaid.http.post(`/api/sessions/${withdrawn}/rating`, { stars: 5 })).status).toBe(403);
    expect((await client(app.url).get(`/api/performers/${performer.id}`)).json).toMatchObject({
      rating: null,
      ratingCount: 0,
    });
  });

  it('ignores a rating an admin types: only real users rate', async () => {
    const created = await admin.post('/api/performers', {
      name: 'Nuova',
      age: 30,
      image: '/demo/performers/1.svg',
      rating: 4.8,
      creditsPerMinute: 2,
      languages: 'Italiano',
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ rating: null, ratingCount: 0 });
  });
});

describe('finding someone', () => {
  it('sorts by price and newest, filters by language, age and price, and lists the new ones', async () => {
    const tag = Date.now().toString(36);
    const made: Record<string, string> = {};
    for (const [name, age, rate, languages] of [
      ['Alba', 22, 4, 'Español'],
      ['Bea', 35, 1.5, 'Italiano'],
      ['Cora', 28, 3, 'Español, Italiano'],
    ] as const) {
      const created = await admin.post('/api/performers', {
        name: `${name} ${tag}`,
        age,
        image: '/demo/performers/1.svg',
        creditsPerMinute: rate,
        languages,
      });
      expect(created.status).toBe(201);
      made[name] = created.json.id as string;
    }
    const ids = (answer: { json: Record<string, unknown> }) =>
      (answer.json.performers as { id: string }[]).map((p) => p.id).filter((id) => Object.values(made).includes(id));
    const ask = (query: string) => client(app.url).get(`/api/performers?limit=200&q=${tag}&${query}`);

    expect(ids(await ask('sort=price_asc'))).toEqual([made.Bea, made.Cora, made.Alba]);
    expect(ids(await ask('sort=price_desc'))).toEqual([made.Alba, made.Cora, made.Bea]);
    expect(ids(await ask('sort=new'))).toEqual([made.Cora, made.Bea, made.Alba]);
    expect(ids(await ask('language=Español'))).toEqual(expect.arrayContaining([made.Alba, made.Cora]));
    expect(ids(await ask('language=Español'))).toHaveLength(2);
    expect(ids(await ask('ageMin=25&ageMax=30'))).toEqual([made.Cora]);
    expect(ids(await ask('priceMin=2&priceMax=3.5'))).toEqual([made.Cora]);
    const fresh = await ask('tab=new');
    expect(ids(fresh)).toEqual([made.Cora, made.Bea, made.Alba]);
    expect(fresh.json.counts).toMatchObject({ all: 3, new: 3 });

    for (const bad of [
      'sort=cheapest',
      'language=Klingon',
      'ageMin=12',
      'ageMin=40&ageMax=30',
      'priceMin=5&priceMax=1',
      'priceMin=-1',
      'tab=newest',
    ]) {
      const refused = await ask(bad);
      expect(refused.status).toBe(400);
    }
  });

  it('shows her weekly schedule and how many follow her', async () => {
    const performer = await onlinePerformer(app.url, admin);
    const slots = [
      { day: 4, from: '21:00', to: '24:00' },
      { day: 0, from: '18:00', to: '20:30' },
    ];
    const saved = await send(performer.http, 'PUT', `${app.url}/api/performers/${performer.id}/schedule`, { slots });
    expect(saved.status).toBe(200);
    expect(saved.json.schedule).toEqual([slots[1], slots[0]]);
    expect(
      (
        await send(performer.http, 'PUT', `${app.url}/api/performers/${performer.id}/schedule`, {
          slots: [{ day: 1, from: '20:00', to: '19:00' }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await send(performer.http, 'PUT', `${app.url}/api/performers/${performer.id}/schedule`, {
          slots: [{ day: 7, from: '20:00', to: '21:00' }],
        })
      ).status,
    ).toBe(400);
    const other = await onlinePerformer(app.url, admin);
    expect(
      (await send(other.http, 'PUT', `${app.url}/api/performers/${performer.id}/schedule`, { slots })).status,
    ).toBe(403);

    const fan = await fundedUser(app, admin, 0);
    expect((await send(fan.http, 'PUT', `${app.url}/api/favourites/${performer.id}`)).status).toBeLessThan(300);
    const profile = await client(app.url).get(`/api/performers/${performer.id}`);
    expect(profile.json).toMatchObject({ favouritesCount: 1, schedule: [slots[1], slots[0]] });
  });

  it('keeps what verification checked: she cannot rename herself once approved, an admin can', async () => {
    const performer = await onlinePerformer(app.url, admin, { name: 'Verificata' });
    const renamed = await send(performer.http, 'PATCH', `${app.url}/api/performers/${performer.id}`, { name: 'Altra' });
    expect(renamed.status).toBe(403);
    expect((await send(performer.http, 'PATCH', `${app.url}/api/performers/${performer.id}`, { age: 40 })).status).toBe(
      403,
    );
    // the same name again is no change
    expect(
      (
        await send(performer.http, 'PATCH', `${app.url}/api/performers/${performer.id}`, {
          name: 'Verificata',
          bio: 'Ciao',
        })
      ).status,
    ).toBe(200);
    expect(
      (await send(admin, 'PATCH', `${app.url}/api/performers/${performer.id}`, { name: 'Altra' })).json,
    ).toMatchObject({ name: 'Altra' });
  });
});
