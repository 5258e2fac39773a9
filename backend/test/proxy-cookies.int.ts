import { startTestApp, type TestApp } from './app-harness';
import { SUPERADMIN } from './admin-session';

/** What one sign-in answers: its status and the session cookie's attributes. */
async function signIn(app: TestApp, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}/api/admin/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(SUPERADMIN),
  });
  return { status: response.status, cookie: response.headers.get('set-cookie') ?? '' };
}

async function failedLogin(app: TestApp, forwardedFor: string) {
  const response = await fetch(`${app.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' },
    body: JSON.stringify({ username: 'nessuno', password: 'wrong-password' }),
  });
  return response.status;
}

describe('production over plain HTTP (no TLS proxy trusted)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      NODE_ENV: 'production',
      MFA_ENCRYPTION_KEY: 'k'.repeat(32),
      PUBLIC_URL: 'https://aura.example',
      AGE_VERIFICATION_SANDBOX_IN_PRODUCTION: 'true',
    });
    await app.ensureSuperadmin(SUPERADMIN);
    await app.settled();
  });
  afterAll(async () => {
    await app.close();
  });

  it('signs in with a Secure, httpOnly session cookie instead of answering 500', async () => {
    const answer = await signIn(app);
    expect(answer.status).toBe(200);
    expect(answer.cookie).toMatch(/^aura_session=[^;]+;/);
    expect(answer.cookie).toMatch(/; secure/i);
    expect(answer.cookie).toMatch(/; httponly/i);
    expect(answer.cookie).toMatch(/; samesite=lax/i);
  });

  it('signs out with a Secure, expired cookie', async () => {
    const token = (await signIn(app)).cookie.split(';')[0]!;
    const response = await fetch(`${app.url}/api/logout`, { method: 'POST', headers: { cookie: token } });
    expect(response.status).toBeLessThan(300);
    const cleared = response.headers.get('set-cookie') ?? '';
    expect(cleared).toMatch(/^aura_session=;/);
    expect(cleared).toMatch(/; secure/i);
    expect(cleared).toMatch(/expires=Thu, 01 Jan 1970/i);
  });

  it('ignores X-Forwarded-For: a client cannot pick the address its attempts are counted under', async () => {
    for (let attempt = 0; attempt < 10; attempt++) expect(await failedLogin(app, `10.0.0.${attempt}`)).toBe(401);
    expect(await failedLogin(app, '10.0.0.99')).toBe(429);
  });
});

describe('production behind a trusted TLS proxy (TRUST_PROXY=true)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      MFA_ENCRYPTION_KEY: 'k'.repeat(32),
      PUBLIC_URL: 'https://aura.example',
      AGE_VERIFICATION_SANDBOX_IN_PRODUCTION: 'true',
    });
    await app.ensureSuperadmin(SUPERADMIN);
    await app.settled();
  });
  afterAll(async () => {
    await app.close();
  });

  it('signs in over the forwarded HTTPS with a Secure cookie', async () => {
    const answer = await signIn(app, { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' });
    expect(answer.status).toBe(200);
    expect(answer.cookie).toMatch(/; secure/i);
  });

  it('still answers a request that reached it without the proxy', async () => {
    const answer = await signIn(app);
    expect(answer.status).toBe(200);
    expect(answer.cookie).toMatch(/; secure/i);
  });

  it('counts sign-in attempts per forwarded client address, not per proxy', async () => {
    for (let attempt = 0; attempt < 10; attempt++) expect(await failedLogin(app, '198.51.100.1')).toBe(401);
    expect(await failedLogin(app, '198.51.100.1')).toBe(429);
    expect(await failedLogin(app, '198.51.100.2')).toBe(401);
  });
});
