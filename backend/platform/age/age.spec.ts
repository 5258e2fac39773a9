import { generateKeyPairSync } from 'node:crypto';
import { ed25519FromSeed, signAssertion, verifyAssertion } from './assertion';
import { AgeVerificationError } from './port';
import { createSandboxAgeVerifier, SANDBOX_ASSERTION_TTL_SECONDS } from './sandbox';
import { createYotiAgeVerifier } from './yoti';

const NOW = Date.parse('2026-06-15T10:00:00.000Z');
const NONCE = 'nonce-of-this-browser-0123456789';
const keys = ed25519FromSeed(Buffer.alloc(32, 7));

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AgeVerificationError) return error.reason;
    throw error;
  }
  return 'accepted';
};

describe('a signed age assertion (Ed25519)', () => {
  const token = signAssertion({ over18: true, nonce: NONCE, exp: NOW / 1000 + 60 }, keys.privateKey);

  it('proves over 18 for its nonce until it expires', () => {
    expect(verifyAssertion(token, keys.publicKey, NONCE, NOW)).toEqual({
      over18: true,
      nonce: NONCE,
      exp: NOW / 1000 + 60,
    });
  });

  it('is refused when signed by another key or altered after signing', () => {
    const other = generateKeyPairSync('ed25519');
    const forged = signAssertion({ over18: true, nonce: NONCE, exp: NOW / 1000 + 60 }, other.privateKey);
    expect(failure(() => verifyAssertion(forged, keys.publicKey, NONCE, NOW))).toBe('forged');
    const [, signature] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ over18: true, nonce: NONCE, exp: NOW / 1000 + 86_400 })).toString(
      'base64url',
    );
    expect(failure(() => verifyAssertion(`${altered}.${signature}`, keys.publicKey, NONCE, NOW))).toBe('forged');
    expect(failure(() => verifyAssertion('not-a-token', keys.publicKey, NONCE, NOW))).toBe('malformed');
  });

  it("is refused for another browser session's nonce, and once expired", () => {
    expect(failure(() => verifyAssertion(token, keys.publicKey, 'another-browser-nonce-0123456789', NOW))).toBe(
      'foreign',
    );
    expect(failure(() => verifyAssertion(token, keys.publicKey, NONCE, NOW + 60_000))).toBe('expired');
  });

  it('says nothing but over 18, nonce and expiry (a name or a birth date is refused)', () => {
    expect(() =>
      signAssertion({ over18: true, nonce: NONCE, exp: 1, name: 'Mario' } as never, keys.privateKey),
    ).toThrow();
  });
});

describe('the sandbox age verifier', () => {
  const sandbox = createSandboxAgeVerifier({ secret: 'a-session-secret-0123456789abcdef' });

  it('sends the browser to its own page with the nonce only (no site, no return address)', async () => {
    const { redirectUrl, reference } = await sandbox.start({ nonce: NONCE, callbackUrl: 'https://aura.example/cb' });
    expect(redirectUrl).toBe(`/api/age-verification/sandbox/check?nonce=${NONCE}`);
    expect(redirectUrl).not.toContain('aura.example');
    expect(reference).toBeUndefined();
  });

  it('accepts its own assertion for this nonce within its lifetime, and nothing else', async () => {
    const assertion = sandbox.confirm(NONCE, NOW);
    await expect(sandbox.complete({ query: { assertion }, nonce: NONCE, nowMs: NOW })).resolves.toEqual({
      over18: true,
    });
    await expect(
      sandbox.complete({ query: { assertion }, nonce: NONCE, nowMs: NOW + SANDBOX_ASSERTION_TTL_SECONDS * 1000 }),
    ).rejects.toMatchObject({ reason: 'expired' });
    await expect(
      sandbox.complete({ query: { assertion }, nonce: 'another-browser-nonce-0123456789', nowMs: NOW }),
    ).rejects.toMatchObject({ reason: 'foreign' });
    const stranger = createSandboxAgeVerifier({ secret: 'another-secret-0123456789abcdefgh' });
    await expect(
      sandbox.complete({ query: { assertion: stranger.confirm(NONCE, NOW) }, nonce: NONCE, nowMs: NOW }),
    ).rejects.toMatchObject({ reason: 'forged' });
    await expect(sandbox.complete({ query: {}, nonce: NONCE, nowMs: NOW })).rejects.toMatchObject({
      reason: 'malformed',
    });
  });
});

/**
 * Yoti's Age Verification API replayed by a fake (the documented requests and answers of
 * https://developers.yoti.com/age-verification: create session, session result).
 */
function fakeYoti(result: { status: number; body?: unknown }) {
  const calls: { url: string; method: string; headers: Record<string, string>; body?: unknown }[] = [];
  const fetch = (async (url: string, init: RequestInit = {}) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
    });
    if (url.endsWith('/api/v1/sessions'))
      return new Response(
        JSON.stringify({ id: 'yoti-session-1', status: 'PENDING', expires_at: '2026-06-15T10:10:00Z' }),
        {
          status: 200,
        },
      );
    return new Response(result.body === undefined ? '' : JSON.stringify(result.body), { status: result.status });
  }) as typeof globalThis.fetch;
  const verifier = createYotiAgeVerifier({
    sdkId: 'sdk-id-1',
    apiKey: 'api-key-1',
    apiUrl: 'https://age.yoti.test',
    userViewUrl: 'https://age.yoti.test',
    fetch,
  });
  return { verifier, calls };
}

const yotiResult = (fields: Record<string, unknown>) => ({
  sdk_id: 'sdk-id-1',
  type: 'OVER',
  age: 18,
  status: 'COMPLETE',
  method: 'AGE_ESTIMATION',
  id: 'yoti-session-1',
  ...fields,
});

describe('the Yoti age verifier, against a fake replaying its documented answers', () => {
  it('creates an OVER 18 session with its keys and no reference of the person, and sends the browser to the user view', async () => {
    const { verifier, calls } = fakeYoti({ status: 200 });
    const started = await verifier.start({
      nonce: NONCE,
      callbackUrl: 'https://aura.example/api/age-verification/callback',
    });
    expect(started).toEqual({
      redirectUrl: 'https://age.yoti.test/?sessionId=yoti-session-1&sdkId=sdk-id-1',
      reference: 'yoti-session-1',
    });
    expect(calls[0]).toMatchObject({
      url: 'https://age.yoti.test/api/v1/sessions',
      method: 'POST',
      headers: { Authorization: 'Bearer api-key-1', 'Yoti-SDK-Id': 'sdk-id-1' },
      body: {
        type: 'OVER',
        digital_id: { allowed: true, threshold: 18 },
        callback: { url: 'https://aura.example/api/age-verification/callback' },
      },
    });
    expect(calls[0]!.body).not.toHaveProperty('reference_id');
  });

  it('fetches the result server-side and accepts only a complete OVER 18 session', async () => {
    const complete = fakeYoti({ status: 200, body: yotiResult({}) });
    await expect(
      complete.verifier.complete({ query: {}, nonce: NONCE, reference: 'yoti-session-1', nowMs: NOW }),
    ).resolves.toEqual({ over18: true });
    expect(complete.calls[0]).toMatchObject({
      url: 'https://age.yoti.test/api/v1/sessions/yoti-session-1/result',
      method: 'GET',
    });

    for (const [answer, reason] of [
      [{ status: 200, body: yotiResult({ status: 'PENDING' }) }, 'not_over_18'],
      [{ status: 200, body: yotiResult({ status: 'FAIL' }) }, 'not_over_18'],
      [{ status: 200, body: yotiResult({ status: 'EXPIRED' }) }, 'expired'],
      [{ status: 200, body: yotiResult({ type: 'UNDER' }) }, 'not_over_18'],
      [{ status: 404 }, 'foreign'],
      [{ status: 200, body: { nothing: true } }, 'malformed'],
    ] as const) {
      const { verifier } = fakeYoti(answer);
      await expect(
        verifier.complete({ query: {}, nonce: NONCE, reference: 'yoti-session-1', nowMs: NOW }),
      ).rejects.toMatchObject({
        reason,
      });
    }
    const { verifier } = fakeYoti({ status: 200, body: yotiResult({}) });
    await expect(verifier.complete({ query: {}, nonce: NONCE, nowMs: NOW })).rejects.toMatchObject({
      reason: 'foreign',
    });
  });
});
