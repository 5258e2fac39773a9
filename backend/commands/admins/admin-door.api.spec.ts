/**
 * Issue 19, item 10: admins are not the weak door. Admin sign-in locks an account name (from any
 * address) and an address (for any name) after 5 failures, for 15 minutes: while locked even the
 * right password is refused (429, unchecked), and concurrent guesses cannot slip past the count.
 * In memory, each spec in a world of its own behind a trusted proxy (`X-Forwarded-For` names the
 * address). Was backend/test/security/admin-door.int.ts (a whole app on the embedded stack); its
 * audit-trail part is backend/projections/admins/audit-trail.api.spec.ts.
 */
import { createTestClock } from '../../platform/clock';
import { SESSION_COOKIE } from '../../platform/http/session';
import { FIXTURE_PASSWORD, freshAdmin } from '../../test/api-fixtures';
import { apiSpec } from '../../test/api-spec';
import { worldClient, worldPerSpec } from '../../test/world-client';

// the superadmin of every world (its username and the fixtures' password)
const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const SUPERADMIN = { username: `adm${ROOT.slice(0, 8)}`, password: FIXTURE_PASSWORD };
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('admin sign-in lockout (defaults: 5 failures per name, 10 per address, 15 minutes)', () => {
  // '' restores the default lock per address (the specs' own is out of reach)
  const spec = apiSpec({ covers: [], env: { TRUST_PROXY: 'true', ADMIN_ADDRESS_LOCK_AFTER_FAILURES: '' } });
  const worlds = worldPerSpec(spec, ROOT);

  const verify = (body: { username: string; password: string }, address: string) =>
    worldClient(worlds.world).post('/api/admin/verify', body, from(address));

  async function newAdmin() {
    const body = freshAdmin();
    expect((await worlds.root.post('/api/admins', body)).status).toBe(201);
    await worlds.world.settled();
    return body;
  }

  it('locks an account after 5 failures from any addresses: even the right password is refused, no session given', async () => {
    const body = await newAdmin();
    for (let i = 0; i < 5; i++)
      expect((await verify({ username: body.username, password: 'wrong-pass-1' }, `198.51.100.${i + 1}`)).status).toBe(
        401,
      );
    const before = await worlds.eventCount();
    const http = worlds.anonymous();
    const refused = await http.post(
      '/api/admin/verify',
      { username: body.username.toUpperCase(), password: body.password },
      from('198.51.100.200'),
    );
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'admin_locked' });
    expect(refused.json.detail).toMatch(/bloccato/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // no session given (the proof of age the client holds is no session)
    expect(http.session()).toBeUndefined();
    expect(String(refused.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=`);
    expect((await http.get('/api/admin/me')).status).toBe(401);
    expect(await worlds.eventCount()).toBe(before);
  });

  it('locks an address after 10 failures on any names, for every account from it', async () => {
    const body = await newAdmin();
    const address = '192.0.2.77';
    for (let i = 0; i < 10; i++)
      expect((await verify({ username: `nobody${i}`, password: 'wrong-pass-1' }, address)).status).toBe(401);
    expect((await verify(body, address)).status).toBe(429);
    // the account itself is not locked: from elsewhere it signs in
    expect((await verify(body, '192.0.2.78')).status).toBe(200);
  });

  it('lets at most 5 of 20 concurrent guesses be checked', async () => {
    const body = await newAdmin();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        verify({ username: body.username, password: `guess-${i}-pass` }, `203.0.113.${i + 1}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it('a success clears the account failures, so an admin who mistypes now and then is never locked', async () => {
    const body = await newAdmin();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++)
        expect((await verify({ username: body.username, password: 'typo-pass-1' }, `100.64.0.${round}`)).status).toBe(
          401,
        );
      expect((await verify(body, `100.64.0.${round}`)).status).toBe(200);
    }
  });
});

describe('the lock ends after ADMIN_LOCK_MINUTES (15, the default)', () => {
  const clock = createTestClock();
  const spec = apiSpec({ covers: [], clock, env: { ADMIN_LOCK_AFTER_FAILURES: '2' } });
  const worlds = worldPerSpec(spec, ROOT);

  it('refuses the right password while locked, accepts it once the 15 minutes have passed', async () => {
    const verify = (body: { username: string; password: string }) => worlds.anonymous().post('/api/admin/verify', body);
    for (let i = 0; i < 2; i++) expect((await verify({ ...SUPERADMIN, password: 'wrong-pass-1' })).status).toBe(401);
    const locked = await verify(SUPERADMIN);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    await clock.advance(15 * 60_000 - 1_000);
    const stillLocked = await verify(SUPERADMIN);
    expect(stillLocked.status).toBe(429);
    expect(Number(stillLocked.headers['retry-after'])).toBe(1);
    await clock.advance(1_000);
    expect((await verify(SUPERADMIN)).status).toBe(200);
  });
});
