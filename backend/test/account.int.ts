/**
 * His own account over the HTTP API (docs/product.md#account): the password reset by a mailed link
 * (once per link, within the hour on an injected clock, the same answer for an unknown address),
 * the development outbox, and his settings (password, email by a link, deletion, his data).
 */
import type { OutboxMessage } from '@aura/contracts';
import { client, startTestApp, type TestApp } from './app-harness';
import { superadminClient } from './admin-session';

let app: TestApp;
let clock = new Date('2026-11-27T10:00:00.000Z');
let counter = 0;

beforeAll(async () => {
  app = await startTestApp({}, { now: () => clock });
}, 120_000);
afterAll(async () => {
  await app.close();
});

async function registered() {
  counter += 1;
  const username = `acct${Date.now().toString(36)}${counter}`;
  const http = client(app.url);
  const answer = await http.post('/api/register', {
    username,
    email: `${username}@example.com`,
    password: 'first-pass',
  });
  expect(answer.status).toBe(201);
  return { http, id: answer.json.id as string, username, email: `${username}@example.com` };
}

/** The newest message the outbox holds for `to`, waiting for it (reset links are mailed after the answer). */
async function mailTo(to: string, count = 1): Promise<OutboxMessage> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const outbox = await client(app.url).get('/api/dev/outbox');
    expect(outbox.status).toBe(200);
    const mine = (outbox.json.messages as OutboxMessage[]).filter((message) => message.to === to);
    if (mine.length >= count) return mine[0]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const tokenIn = (message: OutboxMessage) => decodeURIComponent(/token=([^\s]+)/.exec(message.text)![1]!);
const signsIn = async (username: string, password: string) =>
  (await client(app.url).post('/api/login', { username, password })).status;

describe('password reset', () => {
  it('answers an unknown address exactly as a known one, and mails only the known one', async () => {
    const user = await registered();
    const known = await client(app.url).post('/api/password-reset', { email: user.email });
    const unknown = await client(app.url).post('/api/password-reset', { email: `nobody-${user.username}@example.com` });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.text).toBe(known.text);
    const message = await mailTo(user.email);
    expect(message.subject).toBe('Reimposta la password di Aura');
    expect(message.text).toContain('/reimposta-password?token=');
    const outbox = (await client(app.url).get('/api/dev/outbox')).json.messages as OutboxMessage[];
    expect(outbox.some((mail) => mail.to === `nobody-${user.username}@example.com`)).toBe(false);
    // a bad address is a 400, not a hint
    expect((await client(app.url).post('/api/password-reset', { email: 'not-an-email' })).status).toBe(400);
  });

  it('sets a new password once per link, signs out his sessions, and never stores the token', async () => {
    const user = await registered();
    expect((await user.http.get('/api/me')).status).toBe(200);
    await client(app.url).post('/api/password-reset', { email: user.email });
    const token = tokenIn(await mailTo(user.email));
    const log = JSON.stringify(await app.infra.eventStore.readAll());
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[1]);

    const reset = await client(app.url).post('/api/password-reset/confirm', { token, password: 'second-pass' });
    expect(reset.status).toBe(200);
    expect(await signsIn(user.username, 'second-pass')).toBe(200);
    expect(await signsIn(user.username, 'first-pass')).toBe(401);
    // the session he had before is over
    expect((await user.http.get('/api/me')).status).toBe(401);

    const again = await client(app.url).post('/api/password-reset/confirm', { token, password: 'third-pass-x' });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe('invalid_token');
    expect(await signsIn(user.username, 'third-pass-x')).toBe(401);
  });

  it('refuses a link after its hour (injected clock), a forged one and a short password', async () => {
    const user = await registered();
    await client(app.url).post('/api/password-reset', { email: user.email });
    const token = tokenIn(await mailTo(user.email));
    expect((await client(app.url).post('/api/password-reset/confirm', { token, password: 'abc' })).status).toBe(400);
    const forged = `${user.id}.${'A'.repeat(43)}`;
    expect(
      (await client(app.url).post('/api/password-reset/confirm', { token: forged, password: 'second-pass' })).json.code,
    ).toBe('invalid_token');
    expect(
      (await client(app.url).post('/api/password-reset/confirm', { token: 'garbage', password: 'second-pass' })).json
        .code,
    ).toBe('invalid_token');
    const saved = clock;
    clock = new Date(saved.getTime() + 60 * 60 * 1000);
    try {
      const late = await client(app.url).post('/api/password-reset/confirm', { token, password: 'second-pass' });
      expect(late.status).toBe(400);
      expect(late.json.code).toBe('invalid_token');
    } finally {
      clock = saved;
    }
    expect(await signsIn(user.username, 'first-pass')).toBe(200);
  });
});

describe('his settings', () => {
  it('changes his password with the current one, keeping this session and ending the others', async () => {
    const user = await registered();
    const other = client(app.url);
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
    expect((await client(app.url).post('/api/me/email/confirm', { token })).status).toBe(200);
    expect((await user.http.get('/api/me')).json.email).toBe(`new-${user.email}`);
    expect((await client(app.url).post('/api/me/email/confirm', { token })).json.code).toBe('invalid_token');
    // the old address is free again, the new one is his
    expect(
      (
        await client(app.url).post('/api/register', {
          username: `again${counter}x${Date.now().toString(36)}`,
          email: user.email,
          password: 'first-pass',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await client(app.url).post('/api/register', {
          username: `again${counter}y${Date.now().toString(36)}`,
          email: `new-${user.email}`,
          password: 'first-pass',
        })
      ).status,
    ).toBe(409);
  });

  it('downloads his data and deletes his account himself, the ledger kept', async () => {
    const user = await registered();
    const data = await user.http.get('/api/me/export');
    expect(data.status).toBe(200);
    expect(data.headers.get('content-disposition')).toContain('attachment');
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
    const admin = await superadminClient(app);
    const ledger = await admin.get(`/api/users/${user.id}/ledger`);
    expect(ledger.json).toEqual([expect.objectContaining({ reason: 'welcome' })]);
    const listed = JSON.stringify((await admin.get('/api/users')).json);
    expect(listed).not.toContain(user.email);
  });

  it('is his alone: no session, a performer or an admin get nothing', async () => {
    const anonymous = client(app.url);
    for (const [method, route, body] of [
      ['POST', '/api/me/password', { currentPassword: 'x', newPassword: 'second-pass' }],
      ['POST', '/api/me/email', { email: 'a@example.com', password: 'x' }],
      ['POST', '/api/me/delete', { password: 'x' }],
      ['GET', '/api/me/export', undefined],
    ] as const) {
      expect((await anonymous.send(method, route, body)).status).toBe(401);
    }
    const admin = await superadminClient(app);
    expect((await admin.get('/api/me/export')).status).toBe(403);
    expect((await admin.post('/api/me/delete', { password: 'whatever' })).status).toBe(403);
  });
});
