import { io as connect } from 'socket.io-client';
import { streams } from '@aura/contracts';
import { client, startTestApp, type TestApp } from './app-harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

let counter = 0;
const fresh = () => {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user${suffix}`,
    email: `user${suffix}@example.com`,
    password: 'secret-pass',
    sensitiveDataConsent: true,
  };
};

async function logLength() {
  return (await app.infra.eventStore.readAll()).length;
}

describe('registration', () => {
  it('creates the user with 10 welcome auracoin and signs them in', async () => {
    const http = client(app.url);
    const body = fresh();
    const registered = await http.post('/api/register', body);
    expect(registered.status).toBe(201);
    expect(registered.json).toMatchObject({
      username: body.username,
      email: body.email,
      role: 'user',
      auracoinBalance: 10,
      totalAuracoinSpent: 0,
    });
    expect(registered.json).not.toHaveProperty('passwordHash');
    const setCookie = registered.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/aura_session=/);
    expect(setCookie.toLowerCase()).toContain('httponly');
    expect(setCookie.toLowerCase()).toContain('samesite=lax');

    const id = registered.json.id as string;
    const events = await app.infra.eventStore.readStream(streams.user(id));
    expect(events.map((e) => e.type)).toEqual(['UserRegistered']);
    const wallet = await app.infra.eventStore.readStream(streams.wallet(id));
    expect(wallet.map((e) => [e.type, (e.data as { amount: number }).amount])).toEqual([['AuracoinCredited', 1000]]);

    const me = await http.get(`/api/users/${id}`);
    expect(me.status).toBe(200);
    expect(me.json).toEqual(registered.json);
  });

  it('refuses a username taken in another case, and changes nothing', async () => {
    const first = fresh();
    expect((await client(app.url).post('/api/register', first)).status).toBe(201);
    const before = await logLength();
    const again = await client(app.url).post('/api/register', { ...fresh(), username: first.username.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toContain('application/problem+json');
    expect(again.json).toMatchObject({ status: 409, code: 'username_taken', error: 'Username già in uso' });
    expect(await logLength()).toBe(before);
  });

  it('refuses a taken email and frees the username it had claimed', async () => {
    const first = fresh();
    await client(app.url).post('/api/register', first);
    const second = fresh();
    const refused = await client(app.url).post('/api/register', { ...second, email: first.email.toUpperCase() });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('email_taken');
    const retry = await client(app.url).post('/api/register', second);
    expect(retry.status).toBe(201);
  });

  it('lets exactly one of many concurrent registrations of a username win', async () => {
    const base = fresh();
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client(app.url).post('/api/register', { ...base, email: `c${i}${base.email}` }),
      ),
    );
    expect(attempts.filter((a) => a.status === 201)).toHaveLength(1);
    expect(attempts.filter((a) => a.status === 409)).toHaveLength(7);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 problem+json', async () => {
    const response = await client(app.url).post('/api/register', '{"username": "abc",');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.json.code).toBe('malformed_json');
  });

  it('answers a body over the limit with 413', async () => {
    const before = await logLength();
    const response = await client(app.url).post('/api/register', { ...fresh(), padding: 'x'.repeat(2 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.json.code).toBe('payload_too_large');
    expect(await logLength()).toBe(before);
  });

  it('names every wrong field with 400', async () => {
    const before = await logLength();
    const response = await client(app.url).post('/api/register', {
      username: 12,
      email: 'not-an-email',
      password: '123',
      sensitiveDataConsent: true,
    });
    expect(response.status).toBe(400);
    expect(response.json.code).toBe('validation_failed');
    const paths = (response.json.errors as { path: string }[]).map((e) => e.path).sort();
    expect(paths).toEqual(['body.email', 'body.password', 'body.username']);
    expect(await logLength()).toBe(before);
  });

  it('answers unknown /api routes with 404 JSON', async () => {
    const response = await client(app.url).get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.json).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('answers a malformed id with 400, not 500', async () => {
    const http = client(app.url);
    await http.post('/api/register', fresh());
    const response = await http.get('/api/users/not-a-uuid');
    expect(response.status).toBe(400);
  });
});

describe('sessions and authorisation', () => {
  it('needs a session to read a user', async () => {
    const registered = await client(app.url).post('/api/register', fresh());
    const anonymous = await client(app.url).get(`/api/users/${registered.json.id as string}`);
    expect(anonymous.status).toBe(401);
  });

  it("forbids reading another user's record", async () => {
    const alice = client(app.url);
    await alice.post('/api/register', fresh());
    const bob = await client(app.url).post('/api/register', fresh());
    expect((await alice.get(`/api/users/${bob.json.id as string}`)).status).toBe(403);
  });

  it('refuses a forged session cookie', async () => {
    const http = client(app.url);
    const registered = await http.post('/api/register', fresh());
    const [payload] = (http.cookie() ?? '').replace('aura_session=', '').split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), kind: 'admin' }),
    ).toString('base64url');
    http.setCookie(`aura_session=${forged}.${'A'.repeat(43)}`);
    expect((await http.get(`/api/users/${registered.json.id as string}`)).status).toBe(401);
  });

  it('signs in by username or email, and logout ends the session on the server', async () => {
    const body = fresh();
    await client(app.url).post('/api/register', body);
    const byEmail = client(app.url);
    expect(
      (await byEmail.post('/api/login', { username: body.email.toUpperCase(), password: body.password })).status,
    ).toBe(200);
    const byName = client(app.url);
    const login = await byName.post('/api/login', { username: body.username, password: body.password });
    expect(login.status).toBe(200);
    expect(login.json.auracoinBalance).toBe(10);
    const oldCookie = byName.cookie();
    expect((await byName.post('/api/logout')).status).toBe(200);
    byName.setCookie(oldCookie);
    expect((await byName.get('/api/me')).status).toBe(401);
  });

  it('refuses a wrong password with 401 and rate-limits guessing', async () => {
    const body = fresh();
    await client(app.url).post('/api/register', body);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await client(app.url).post('/api/login', { username: body.username, password: 'wrong-one' })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('platform routes', () => {
  it('reports every adapter in /api/health', async () => {
    const response = await client(app.url).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      status: 'ok',
      adapters: {
        eventStore: { adapter: 'pglite', ok: true },
        readModels: { adapter: 'memory', ok: true },
        jobs: { adapter: 'in-process', ok: true },
        keyValue: { adapter: 'memory', ok: true },
        realtime: { adapter: 'socket.io', ok: true },
      },
    });
  });

  it('serves an OpenAPI document built from the contracts', async () => {
    const response = await client(app.url).get('/api/openapi.json');
    expect(response.status).toBe(200);
    const paths = response.json.paths as Record<string, Record<string, { requestBody?: unknown }>>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/register', '/api/users/{id}', '/api/health']));
    expect(paths['/api/register']?.post?.requestBody).toBeDefined();
    expect(response.json.servers).toEqual([{ url: expect.any(String) }]);
    // each operation answers its refusals as 4xx responses, the codes an enum; no catch-all
    const register = (paths['/api/register']?.post as { responses: Record<string, unknown> }).responses;
    expect(register.default).toBeUndefined();
    const conflicts = JSON.stringify(register['409']);
    expect(conflicts).toContain('username_taken');
    expect(conflicts).toContain('email_taken');
  });

  it('sets security headers and a request id', async () => {
    const response = await client(app.url).get('/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-request-id')).toMatch(/.+/);
  });
});

describe('realtime balance', () => {
  it("pushes the new balance to the user's sockets, and only to theirs", async () => {
    const alice = client(app.url);
    const registered = await alice.post('/api/register', fresh());
    const bob = client(app.url);
    await bob.post('/api/register', fresh());
    const aliceId = registered.json.id as string;

    // Alice starts on long-polling then upgrades, as browsers do; Bob goes straight to websocket
    const aliceSocket = connect(app.url, { extraHeaders: { cookie: alice.cookie() ?? '' } });
    const bobSocket = connect(app.url, { transports: ['websocket'], extraHeaders: { cookie: bob.cookie() ?? '' } });
    const bobHeard: unknown[] = [];
    bobSocket.on('balance:changed', (payload) => bobHeard.push(payload));
    try {
      await Promise.all(
        [aliceSocket, bobSocket].map((s) => new Promise((resolve) => s.on('connect', () => resolve(undefined)))),
      );
      const pushed = new Promise((resolve) => aliceSocket.on('balance:changed', resolve));
      await app.infra.eventStore.appendToStream(
        streams.wallet(aliceId),
        [
          {
            id: crypto.randomUUID(),
            type: 'AuracoinCredited',
            data: { walletId: aliceId, amount: 2550, reason: 'purchase', creditedAt: new Date().toISOString() },
          },
        ],
        { expectedRevision: 0 },
      );
      await expect(pushed).resolves.toEqual({ userId: aliceId, auracoinBalance: 35.5 });
      await app.settled();
      expect(bobHeard).toEqual([]);
      expect((await alice.get(`/api/users/${aliceId}`)).json.auracoinBalance).toBe(35.5);
    } finally {
      aliceSocket.close();
      bobSocket.close();
    }
  });
});
