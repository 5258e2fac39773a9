import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerifyMyAgeVerifier } from './verifymy';

const NONCE = 'nonce-of-this-browser-0123456789';
const NOW = Date.parse('2026-06-15T10:00:00.000Z');
const CALLBACK = 'https://aura.example/api/age-verification/callback';
const CLIENT = { clientId: 'client-1', clientSecret: 'secret-1' };

/**
 * VerifyMy's OAuth2 endpoints replayed on a loopback server, as its documentation and SDK describe
 * them: `/token` exchanges an authorization code once (client id and secret, the same redirect URI),
 * `/users/me` answers the verified person's record for a Bearer access token.
 */
async function fakeVerifyMy() {
  const codes = new Map([
    ['code-adult', 'token-adult'],
    ['code-minor', 'token-minor'],
    ['code-odd', 'token-odd'],
  ]);
  const users: Record<string, unknown> = {
    'token-adult': { id: 'vma-user-1', email: 'someone@example.com', age_verified: true },
    'token-minor': { id: 'vma-user-2', email: 'young@example.com', age_verified: false },
    'token-odd': { id: 'vma-user-3' },
  };
  const requests: { method: string; path: string; body: string; authorization?: string }[] = [];
  const read = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    return body;
  };
  const server: Server = createServer((request, response) => {
    void read(request).then((body) => {
      const path = request.url ?? '';
      requests.push({ method: request.method ?? '', path, body, authorization: request.headers.authorization });
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'POST' && path === '/token') {
        const form = new URLSearchParams(body);
        const token = codes.get(form.get('code') ?? '');
        const client = form.get('client_id') === CLIENT.clientId && form.get('client_secret') === CLIENT.clientSecret;
        if (!client) return answer(401, { error: 'invalid_client' });
        if (!token || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== CALLBACK)
          return answer(400, { error: 'invalid_grant' });
        codes.delete(form.get('code')!);
        return answer(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
      }
      if (request.method === 'GET' && path === '/users/me') {
        const user = users[(request.headers.authorization ?? '').replace(/^Bearer /, '')];
        return user ? answer(200, user) : answer(401, { error: 'invalid_token' });
      }
      return answer(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { apiUrl, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the VerifyMy age verifier, against a loopback fake replaying its documented answers', () => {
  let fake: Awaited<ReturnType<typeof fakeVerifyMy>>;
  beforeEach(async () => {
    fake = await fakeVerifyMy();
  });
  afterEach(() => fake.close());

  const verifier = () => createVerifyMyAgeVerifier({ ...CLIENT, apiUrl: fake.apiUrl });
  const back = (query: Record<string, string>) =>
    verifier().complete({ query, nonce: NONCE, reference: CALLBACK, nowMs: NOW });

  it('sends the browser to /authorize with the adult scope, its client id and the nonce as state, nothing of the person', async () => {
    const started = await verifier().start({ nonce: NONCE, callbackUrl: CALLBACK });
    const url = new URL(started.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${fake.apiUrl}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-1',
      redirect_uri: CALLBACK,
      scope: 'adult',
      state: NONCE,
    });
    expect(started.reference).toBe(CALLBACK);
    expect(fake.requests).toEqual([]);
  });

  it('exchanges the code server-side and keeps only over 18 of a verified adult', async () => {
    await expect(back({ code: 'code-adult', state: NONCE })).resolves.toEqual({ over18: true });
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /token',
      'GET /users/me',
    ]);
    expect(Object.fromEntries(new URLSearchParams(fake.requests[0]!.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'code-adult',
      redirect_uri: CALLBACK,
      client_id: 'client-1',
      client_secret: 'secret-1',
    });
    expect(fake.requests[1]!.authorization).toBe('Bearer token-adult');
  });

  it('refuses a person VerifyMy did not verify, and a failed check sent back with error_reason', async () => {
    await expect(back({ code: 'code-minor', state: NONCE })).rejects.toMatchObject({ reason: 'not_over_18' });
    await expect(back({ error_reason: 'verification_failed', state: NONCE })).rejects.toMatchObject({
      reason: 'not_over_18',
    });
  });

  it('refuses a forged or unknown state, a missing code, a check started elsewhere, asking VerifyMy nothing', async () => {
    await expect(back({ code: 'code-adult', state: 'someone-elses-nonce' })).rejects.toMatchObject({
      reason: 'foreign',
    });
    await expect(back({ code: 'code-adult' })).rejects.toMatchObject({ reason: 'foreign' });
    await expect(back({ state: NONCE })).rejects.toMatchObject({ reason: 'malformed' });
    await expect(
      verifier().complete({ query: { code: 'code-adult', state: NONCE }, nonce: NONCE, nowMs: NOW }),
    ).rejects.toMatchObject({ reason: 'foreign' });
    expect(fake.requests).toEqual([]);
  });

  it('refuses a replayed code (VerifyMy exchanges it once) and an unknown one', async () => {
    await expect(back({ code: 'code-adult', state: NONCE })).resolves.toEqual({ over18: true });
    await expect(back({ code: 'code-adult', state: NONCE })).rejects.toMatchObject({ reason: 'replayed' });
    await expect(back({ code: 'made-up', state: NONCE })).rejects.toMatchObject({ reason: 'replayed' });
  });

  it('refuses an answer with no age_verified, and fails loudly with a wrong secret or when VerifyMy is down', async () => {
    await expect(back({ code: 'code-odd', state: NONCE })).rejects.toMatchObject({ reason: 'malformed' });
    const wrongSecret = createVerifyMyAgeVerifier({ ...CLIENT, clientSecret: 'wrong', apiUrl: fake.apiUrl });
    const returned = { query: { code: 'code-adult', state: NONCE }, nonce: NONCE, reference: CALLBACK, nowMs: NOW };
    await expect(wrongSecret.complete(returned)).rejects.toThrow(/token endpoint failed: 401/);
    await fake.close();
    await expect(back({ code: 'code-adult', state: NONCE })).rejects.not.toHaveProperty('reason');
    fake = await fakeVerifyMy();
  });
});
