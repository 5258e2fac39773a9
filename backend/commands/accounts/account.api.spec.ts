/**
 * His own account over the HTTP API (docs/product.md#account), each journey in one world of its own:
 * the password reset by a mailed link (once per link, within the hour on the spec's clock, the same
 * answer for an unknown address), the development outbox, and his settings (password, email by a
 * link, deletion, his data). Was backend/test/account.int.ts (a whole app on the embedded stack).
 */
import type { OutboxMessage } from '@aura/contracts';
import { createTestClock } from '../../platform/clock';
import { existingAdmin } from '../../test/api-fixtures';
import { apiSpec, SPEC_NOW, type SpecWorld } from '../../test/api-spec';
import { registeredClient, worldClient } from '../../test/world-client';

const clock = createTestClock(SPEC_NOW);
const spec = apiSpec({ covers: [], clock });
// changing his password revokes his sessions and starts his own anew (account-routes.ts signOutOthers)
const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';

let world: SpecWorld;
beforeEach(async () => {
  world = await spec.world();
});
afterEach(() => world.close());

const registered = () => registeredClient(world, { prefix: 'acct', password: 'first-pass' });

/** The newest message the outbox holds for `to`, waiting for it (reset links are mailed after the answer). */
async function mailTo(to: string, count = 1): Promise<OutboxMessage> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const outbox = await worldClient(world).get('/api/dev/outbox');
    expect(outbox.status).toBe(200);
    const mine = (outbox.json.messages as OutboxMessage[]).filter((message) => message.to === to);
    if (mine.length >= count) return mine[0]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const tokenIn = (message: OutboxMessage) => decodeURIComponent(/token=([^\s]+)/.exec(message.text)![1]!);
const signsIn = async (username: string, password: string) =>
  (await worldClient(world).post('/api/login', { username, password })).status;
const anyone = () => worldClient(world);

describe('password reset', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const user = await registered();
    const known = await anyone().post('/api/password-reset', { email: user.email });
    const unknown = await anyone().post('/api/password-reset', { email: `nobody-${user.username}@example.com` });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.text).toBe(known.text);
    const message = await mailTo(user.email);
    expect(message.subject).toBe('Reimposta la password di Aura');
    expect(message.text).toContain('/reimposta-password?token=');
    const outbox = (await anyone().get('/api/dev/outbox')).json.messages as OutboxMessage[];
    expect(outbox.some((mail) => mail.to === `nobody-${user.username}@example.com`)).toBe(false);
    // a bad address is a 400, not a hint
    expect((await anyone().post('/api/password-reset', { email: 'not-an-email' })).status).toBe(400);
  });

  it('sets a new password once per link, signs out his sessions, and never stores the token', async () => {
    const user = await registered();
    expect((await user.http.get('/api/me')).status).toBe(200);
    await anyone().post('/api/password-reset', { email: user.email });
    const token = tokenIn(await mailTo(user.email));
    const log = JSON.stringify(await world.ports.eventStore.readAll());
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[1]);

    const reset = await anyone().post('/api/password-reset/confirm', { token, password: 'second-pass' });
    expect(reset.status).toBe(200);
    expect(await signsIn(user.username, 'second-pass')).toBe(200);
    expect(await signsIn(user.username, 'first-pass')).toBe(401);
    // the session he had before is over
    expect((await user.http.get('/api/me')).status).toBe(401);

    const again = await anyone().post('/api/password-reset/confirm', { token, password: 'third-pass-x' });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('invalid_token');
    expect(await signsIn(user.username, 'third-pass-x')).toBe(401);
  });

  it("refuses a link after its hour (the spec's clock), a forged one and a short password", async () => {
    const user = await registered();
    await anyone().post('/api/password-reset', { email: user.email });
    const token = tokenIn(await mailTo(user.email));
    expect((await anyone().post('/api/password-reset/confirm', { token, password: 'abc' })).status).toBe(400);
    const forged = `${user.id}.${'A'.repeat(43)}`;
    expect(
      (await anyone().post('/api/password-reset/confirm', { token: forged, password: 'second-pass' })).json.code,
    ).toBe('invalid_token');
    expect(
      (await anyone().post('/api/password-reset/confirm', { token: 'garbage', password: 'second-pass' })).json.code,
    ).toBe('invalid_token');
    await clock.advance(60 * 60 * 1000);
    const late = await anyone().post('/api/password-reset/confirm', { token, password: 'second-pass' });
    expect(late.status).toBe(400);
    expect(late.json.code).toBe('invalid_token');
    expect(await signsIn(user.username, 'first-pass')).toBe(200);
  });
});

describe('his settings', () => {
  it('changes his password with the current one, keeping this session and ending the others', async () => {
    // (on a clock standing still: his new session is issued after the revocation all the same)
    const user = await registered();
    const other = anyone();
    expect((await other.post('/api/login', { username: user.username, password: 'first-pass' })).status).toBe(200);
    const wrong = await user.http.post('/api/me/password', {
      currentPassword: 'nope-nope',
      newPassword: 'second-pass',
    });
    expect(wrong.status).toBe(401);
    const changed = await user.http.post('/api/me/password', {
      currentPassword: 'first-pass',
      newPassword: 'second-pass',
    });
    expect(changed.status).toBe(200);
    expect((await user.http.get('/api/me')).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(401);
    expect(await signsIn(user.username, 'second-pass')).toBe(200);
  });

  it('moves to a new email only once he opens the link sent there', async () => {
    const user = await registered();
    const taken = await registered();
    expect((await user.http.post('/api/me/email', { email: taken.email, password: 'first-pass' })).status).toBe(409);
    expect((await user.http.post('/api/me/email', { email: `new-${user.email}`, password: 'wrong-pass' })).status).toBe(
      401,
    );
    const asked = await user.http.post('/api/me/email', { email: `new-${user.email}`, password: 'first-pass' });
    expect(asked.status).toBe(202);
    expect((await user.http.get('/api/me')).json.email).toBe(user.email);
    const message = await mailTo(`new-${user.email}`);
    expect(message.text).toContain('/impostazioni/email?token=');
    const token = tokenIn(message);
    expect((await anyone().post('/api/me/email/confirm', { token })).status).toBe(200);
    expect((await user.http.get('/api/me')).json.email).toBe(`new-${user.email}`);
    expect((await anyone().post('/api/me/email/confirm', { token })).json.code).toBe('invalid_token');
    // the old address is free again, the new one is his
    expect(
      (
        await anyone().post('/api/register', {
          username: 'againx',
          email: user.email,
          password: 'first-pass',
          sensitiveDataConsent: true,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await anyone().post('/api/register', {
          username: 'againy',
          email: `new-${user.email}`,
          password: 'first-pass',
          sensitiveDataConsent: true,
        })
      ).status,
    ).toBe(409);
  });

  it('downloads his data and deletes his account himself, the ledger kept', async () => {
    const user = await registered();
    const data = await user.http.get('/api/me/export');
    expect(data.status).toBe(200);
    expect(data.headers['content-disposition']).toContain('attachment');
    expect(data.json.profile).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(data.json.ledger).toEqual([
      expect.objectContaining({ type: 'AuracoinCredited', reason: 'welcome', amount: 10 }),
    ]);
    expect(data.json).toHaveProperty('purchases');
    expect(data.json).toHaveProperty('messages');
    expect(data.text).not.toContain('passwordHash');

    expect((await user.http.post('/api/me/delete', { password: 'wrong-pass' })).status).toBe(401);
    expect((await user.http.get('/api/me')).status).toBe(200);
    const deleted = await user.http.post('/api/me/delete', { password: 'first-pass' });
    expect(deleted.status).toBe(200);
    expect((await user.http.get('/api/me')).status).toBe(401);
    expect(await signsIn(user.username, 'first-pass')).toBe(401);
    await world.append(...existingAdmin(ROOT, { role: 'superadmin' }));
    const admin = worldClient(world, { kind: 'admin', id: ROOT });
    const ledger = await admin.get(`/api/users/${user.id}/ledger`);
    expect(ledger.json).toEqual([expect.objectContaining({ reason: 'welcome' })]);
    const listed = JSON.stringify((await admin.get('/api/users')).json);
    expect(listed).not.toContain(user.email);
  });

  it('is his alone: no session, a performer or an admin get nothing', async () => {
    const anonymous = anyone();
    for (const [method, route, body] of [
      ['post', '/api/me/password', { currentPassword: 'x', newPassword: 'second-pass' }],
      ['post', '/api/me/email', { email: 'a@example.com', password: 'x' }],
      ['post', '/api/me/delete', { password: 'x' }],
      ['get', '/api/me/export', undefined],
    ] as const) {
      expect((await anonymous.send(method, route, body)).status).toBe(401);
    }
    await world.append(...existingAdmin(ROOT, { role: 'superadmin' }));
    const admin = worldClient(world, { kind: 'admin', id: ROOT });
    expect((await admin.get('/api/me/export')).status).toBe(403);
    expect((await admin.post('/api/me/delete', { password: 'whatever' })).status).toBe(403);
  });
});
