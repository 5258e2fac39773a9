/**
 * Issue 19, item 2 (prices): every price a performer sets has a ceiling (docs/product.md#price-ceilings):
 * 100 auracoin a minute, 50 a message, 500 a photo. Above it the server answers 400 naming the
 * field with the Italian message of `priceCeilingMessages`, and nothing is written.
 */
import { priceCeilingMessages } from '@aura/contracts';
import { startTestApp, type TestApp } from '../app-harness';
import { client } from '../app-harness';
import { logLength, send, superadminClient } from '../admin-session';
import { onlinePerformer, type Http } from '../session-helpers';

let app: TestApp;
let admin: Http;

beforeAll(async () => {
  app = await startTestApp();
  admin = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

/** The refusal: 400, the field named with the ceiling's Italian message, and the log as it was. */
async function refused(
  answer: Promise<{ status: number; json: Record<string, unknown> }>,
  field: string,
  message: string,
) {
  await app.settled();
  const before = await logLength(app);
  const { status, json } = await answer;
  expect(status).toBe(400);
  expect(json.code).toBe('validation_failed');
  expect(json.errors).toEqual(expect.arrayContaining([{ path: `body.${field}`, message }]));
  await app.settled();
  expect(await logLength(app)).toBe(before);
}

describe('price ceilings', () => {
  it('refuses her per-minute rate and message price above their ceilings, and takes them at the ceiling', async () => {
    const performer = await onlinePerformer(app.url, admin, { rate: 2 });
    const patch = (body: unknown) => send(performer.http, 'PATCH', `${app.url}/api/performers/${performer.id}`, body);
    await refused(patch({ creditsPerMinute: 100.5 }), 'creditsPerMinute', priceCeilingMessages.ratePerMinute);
    await refused(patch({ creditsPerMinute: 1e9 }), 'creditsPerMinute', 'Tariffa massima 100 auracoin/min');
    await refused(patch({ messagePrice: 50.5 }), 'messagePrice', 'Prezzo massimo 50 auracoin a messaggio');
    const atCeiling = await patch({ creditsPerMinute: 100, messagePrice: 50 });
    expect(atCeiling.status).toBe(200);
    expect(atCeiling.json).toMatchObject({ creditsPerMinute: 100, messagePrice: 50 });
  });

  it('refuses a photo above its ceiling, and takes one at it', async () => {
    const performer = await onlinePerformer(app.url, admin);
    const photo = (price: number) =>
      performer.http.post(`/api/performers/${performer.id}/photos`, {
        imageUrl: 'https://img.example/p.jpg',
        title: 'Tramonto',
        price,
      });
    await refused(photo(500.5), 'price', 'Prezzo massimo 500 auracoin');
    const atCeiling = await photo(500);
    expect(atCeiling.status).toBe(201);
    expect(atCeiling.json.price).toBe(500);
  });

  it('refuses a rate above the ceiling at registration and in the admin form', async () => {
    const tag = Date.now().toString(36);
    await refused(
      client(app.url).post('/api/performers', {
        username: `reg${tag}`,
        password: 'secret-pass',
        email: `reg${tag}@example.com`,
        name: 'Nuova',
        dateOfBirth: '1995-04-02',
        creditsPerMinute: 250,
        digitalSignature: 'data:image/png;base64,AAAA',
        acceptedTerms: true,
        documents: [{ documentType: 'ID Fronte', documentUrl: '/api/files/private/x', fileName: 'id.png' }],
      }),
      'creditsPerMinute',
      priceCeilingMessages.ratePerMinute,
    );
    await refused(
      admin.post('/api/performers', {
        name: 'Cara',
        age: 30,
        image: 'https://img.example/c.png',
        creditsPerMinute: 101,
        languages: 'Italiano',
      }),
      'creditsPerMinute',
      priceCeilingMessages.ratePerMinute,
    );
    const atCeiling = await admin.post('/api/performers', {
      name: 'Cara',
      age: 30,
      image: 'https://img.example/c.png',
      creditsPerMinute: 100,
      languages: 'Italiano',
    });
    expect(atCeiling.status).toBe(201);
  });
});
