import type { Context } from 'koa';
import { createMemoryKeyValueStore } from '../kv/memory';
import { AGE_PROOF_COOKIE, AGE_PROOF_MAX_MS, createAgeProofs } from './proofs';
import { createSandboxAgeVerifier } from './sandbox';

const SECRET = 'a-session-secret-0123456789abcdef';

function proofsOn(kv = createMemoryKeyValueStore(() => now)) {
  return createAgeProofs({
    provider: 'sandbox',
    verifier: createSandboxAgeVerifier({ secret: SECRET }),
    kv,
    secret: SECRET,
    secure: false,
    nowMs: () => now,
  });
}
let now = Date.parse('2026-11-30T21:00:00.000Z');
const header = (cookie: string) => `${AGE_PROOF_COOKIE}=${cookie}`;
/** a request's context as sign-out reads and writes its cookies */
const contextWith = (cookie: string) =>
  ({ cookies: { get: () => cookie, set: () => undefined, secure: false } }) as unknown as Context;

describe("a browser's proof of age", () => {
  it("holds when the store lost it (Redis restarted empty): the cookie's sealed copy proves this browser's check", async () => {
    const { cookie } = await proofsOn().grant();
    // another process on an empty store, the same secret
    expect(await proofsOn().verified(header(cookie), undefined)).toBe(true);
  });

  it('is refused when forged, tampered with or expired', async () => {
    const proofs = proofsOn();
    const { cookie } = await proofs.grant();
    const [id, body, mac] = cookie.split('.');
    const longer = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), expiresAt: '2099-01-01T00:00:00Z' }),
    ).toString('base64url');
    expect(await proofs.verified(header(`${id}.${longer}.${mac}`), undefined)).toBe(false);
    // another first character (one in 64 MACs already starts with 'x': replacing it with 'x' tampered with nothing)
    const tampered = `${mac!.startsWith('x') ? 'y' : 'x'}${mac!.slice(1)}`;
    expect(await proofs.verified(header(`${id}.${body}.${tampered}`), undefined)).toBe(false);
    now += AGE_PROOF_MAX_MS;
    expect(await proofsOn().verified(header(cookie), undefined)).toBe(false);
    now -= AGE_PROOF_MAX_MS;
  });

  it('ends at sign-out, its sealed copy too', async () => {
    const kv = createMemoryKeyValueStore(() => now);
    const proofs = proofsOn(kv);
    const { cookie } = await proofs.grant();
    await proofs.end(contextWith(cookie));
    expect(await proofs.verified(header(cookie), undefined)).toBe(false);
  });
});
