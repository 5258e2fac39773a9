/**
 * Issue 19, item 2 (the rate limit): accounts cannot be scripted for their welcome auracoin. One
 * client address registers at most 10 accounts an hour by default (users and performers
 * together); past it 429 with `Retry-After` and nothing is written. Another address is not
 * affected, and the window slides: an hour later the address may register again. In memory, each
 * spec in a world of its own, time by the spec's clock. Was backend/test/security/registration-limit.int.ts
 * (a whole app on the embedded stack).
 */
import { createTestClock } from '../../platform/clock';
import { freshPerformerRegistration } from '../../test/api-fixtures';
import { apiSpec } from '../../test/api-spec';
import { worldPerSpec } from '../../test/world-client';

let counter = 0;
const fresh = () => {
  counter += 1;
  const name = `reg${Date.now().toString(36)}${counter}`;
  return { username: name, email: `${name}@example.com`, password: 'secret-pass', sensitiveDataConsent: true };
};

const from = (address: string) => ({ 'x-forwarded-for': address });

// the superadmin every world holds (unused here)
const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';

describe('registrations per client address (defaults)', () => {
  const clock = createTestClock(new Date('2026-03-01T10:00:00Z'));
  // RATE_LIMITS '' is the production defaults (the specs are generous otherwise)
  const spec = apiSpec({ covers: [], clock, env: { RATE_LIMITS: '', TRUST_PROXY: 'true' } });
  const worlds = worldPerSpec(spec, ROOT);
  const post = (url: string, body: unknown, address: string) => worlds.anonymous().post(url, body, from(address));

  it('answers the 11th registration of an hour 429 with Retry-After, writing nothing', async () => {
    const address = '203.0.113.10';
    for (let i = 0; i < 10; i++) expect((await post('/api/register', fresh(), address)).status).toBe(201);
    await worlds.world.settled();
    const before = await worlds.eventCount();
    const refused = await post('/api/register', fresh(), address);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json).toMatchObject({
      status: 429,
      code: 'too_many_requests',
      detail: 'Troppi tentativi, riprova più tardi',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // a performer registration from that address shares the budget
    const performer = await post('/api/performers', freshPerformerRegistration(), address);
    expect(performer.status).toBe(429);
    await worlds.world.settled();
    expect(await worlds.eventCount()).toBe(before);

    // another address is not affected
    const other = await post('/api/register', fresh(), '203.0.113.11');
    expect(other.status).toBe(201);
    expect(other.json.auracoinBalance).toBe(10);
  });

  it('counts any hour, sliding: the address registers again as its oldest registrations turn an hour old', async () => {
    const address = '203.0.113.20';
    const register = async () => (await post('/api/register', fresh(), address)).status;
    for (let i = 0; i < 5; i++)
      expect((await post('/api/performers', freshPerformerRegistration(), address)).status).toBe(201);
    await clock.advance(30 * 60_000);
    for (let i = 0; i < 5; i++) expect(await register()).toBe(201);
    expect(await register()).toBe(429);
    await clock.advance(29 * 60_000);
    expect(await register()).toBe(429);
    // the first five are an hour old: five more, and no sixth
    await clock.advance(61_000);
    for (let i = 0; i < 5; i++) expect(await register()).toBe(201);
    expect(await register()).toBe(429);
  });
});

describe('the limit from the configuration', () => {
  const spec = apiSpec({ covers: [], env: { RATE_LIMITS: 'register=2/1h' } });
  const worlds = worldPerSpec(spec, ROOT);

  it('counts refused attempts as attempts, so a taken name cannot be probed past it either', async () => {
    const taken = fresh();
    expect((await worlds.anonymous().post('/api/register', taken)).status).toBe(201);
    expect((await worlds.anonymous().post('/api/register', taken)).status).toBe(409);
    await worlds.world.settled();
    const before = await worlds.eventCount();
    const third = await worlds.anonymous().post('/api/register', fresh());
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3500);
    await worlds.world.settled();
    expect(await worlds.eventCount()).toBe(before);
  });
});
