/**
 * Issue 19, item 2 (the rate limit): accounts cannot be scripted for their welcome auracoin. One
 * client address registers at most 10 accounts an hour by default (users and performers
 * together); past it 429 with `Retry-After` and nothing is written. Another address is not
 * affected, and the window slides: an hour later the address may register again.
 */
import { client, startTestApp, type TestApp } from '../app-harness';
import { logLength } from '../admin-session';

let counter = 0;
const fresh = () => {
  counter += 1;
  const name = `reg${Date.now().toString(36)}${counter}`;
  return { username: name, email: `${name}@example.com`, password: 'secret-pass' };
};

const performerBody = () => {
  const { username, email } = fresh();
  return {
    username,
    password: 'secret-pass',
    email,
    name: 'Nuova',
    dateOfBirth: '1999-03-10',
    age: 27,
    creditsPerMinute: 2.5,
    languages: ['Italiano'],
    image: '/demo/performers/2.svg',
    digitalSignature: 'data:image/png;base64,iVBORw0KGgo=',
    signedContractAt: new Date().toISOString(),
    verificationStatus: 'pending',
    acceptedTerms: true,
  };
};

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('registrations per client address (defaults)', () => {
  let app: TestApp;
  let clock = Date.parse('2026-03-01T10:00:00Z');
  beforeAll(async () => {
    // RATE_LIMITS '' is the production defaults (the harness is generous otherwise)
    app = await startTestApp({ RATE_LIMITS: '', TRUST_PROXY: 'true' }, { now: () => new Date(clock) });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers the 11th registration of an hour 429 with Retry-After, writing nothing', async () => {
    const address = '203.0.113.10';
    for (let i = 0; i < 10; i++)
      expect((await client(app.url).post('/api/register', fresh(), from(address))).status).toBe(201);
    await app.settled();
    const before = await logLength(app);
    const refused = await client(app.url).post('/api/register', fresh(), from(address));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.json).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      detail: 'Troppi tentativi, riprova più tardi',
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // a performer registration from that address shares the budget
    const performer = await client(app.url).post('/api/performers', performerBody(), from(address));
    expect(performer.status).toBe(429);
    await app.settled();
    expect(await logLength(app)).toBe(before);

    // another address is not affected
    const other = await client(app.url).post('/api/register', fresh(), from('203.0.113.11'));
    expect(other.status).toBe(201);
    expect(other.json.auracoinBalance).toBe(10);
  });

  it('counts any hour, sliding: the address registers again as its oldest registrations turn an hour old', async () => {
    const address = '203.0.113.20';
    const register = async () => (await client(app.url).post('/api/register', fresh(), from(address))).status;
    for (let i = 0; i < 5; i++)
      expect((await client(app.url).post('/api/performers', performerBody(), from(address))).status).toBe(201);
    clock += 30 * 60_000;
    for (let i = 0; i < 5; i++) expect(await register()).toBe(201);
    expect(await register()).toBe(429);
    clock += 29 * 60_000;
    expect(await register()).toBe(429);
    // the first five are an hour old: five more, and no sixth
    clock += 61_000;
    for (let i = 0; i < 5; i++) expect(await register()).toBe(201);
    expect(await register()).toBe(429);
  });
});

describe('the limit from the configuration', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMITS: 'register=2/1h' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts refused attempts as attempts, so a taken name cannot be probed past it either', async () => {
    const taken = fresh();
    expect((await client(app.url).post('/api/register', taken)).status).toBe(201);
    expect((await client(app.url).post('/api/register', taken)).status).toBe(409);
    await app.settled();
    const before = await logLength(app);
    const third = await client(app.url).post('/api/register', fresh());
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(3500);
    await app.settled();
    expect(await logLength(app)).toBe(before);
  });
});
