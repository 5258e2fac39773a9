import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { KeyValueStore } from '../kv/port';
import type { Principal } from '../http/principal';
import { AgeVerificationError, type AgeProviderName, type AgeVerifier } from './port';

/** The proof's cookie: a browser-session cookie (no expiry: it ends when the browser closes). */
export const AGE_PROOF_COOKIE = 'aura_age';
/** The nonce of a check under way, bound to this browser. */
export const AGE_NONCE_COOKIE = 'aura_age_nonce';
/** A proof never outlives this, even in a browser left open. */
export const AGE_PROOF_MAX_MS = 24 * 60 * 60 * 1000;
/** How long a started check may take to come back. */
export const AGE_NONCE_TTL_MS = 15 * 60 * 1000;

/** All Aura keeps of a check: which browser (or signed-in) session, which provider, when, until when. */
export interface AgeProof {
  session: string;
  provider: Exclude<AgeProviderName, 'off'>;
  verifiedAt: string;
  expiresAt: string;
}

const proofKey = (id: string) => `age-proof:${id}`;
const nonceKey = (nonce: string) => `age-nonce:${nonce}`;
const endedKey = (id: string) => `age-proof-ended:${id}`;
const nonceUsedKey = (nonce: string) => `age-nonce-used:${nonce}`;

/** A cookie's value in a raw Cookie header (a socket's handshake, a request's). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/**
 * The proofs of age (issue 39 items 1–2; docs/architecture.md#age-verification). A check starts with
 * a nonce bound to this browser (its own cookie, and a key-value entry for 15 minutes holding where to
 * come back); the provider's answer is checked by the verifier (signature, nonce, expiry) and the nonce
 * is spent once. The proof is then kept in the key-value store with a time to live (Redis with
 * REDIS_URL), never in the event log: it is a browser session's state, not a business fact, and it
 * must vanish by itself within 24 hours. Its id travels in an HMAC-sealed browser-session cookie; signing
 * in carries it into the account's session, signing out ends it.
 */
export function createAgeProofs(options: {
  provider: AgeProviderName;
  /** none when AGE_VERIFICATION=off (never in production) */
  verifier?: AgeVerifier;
  kv: KeyValueStore;
  /** the session secret: seals the proof cookie */
  secret: string;
  secure: boolean;
  /** production: the sandbox there is a staging copy, and every page says 'Modalità di prova' */
  production?: boolean;
  nowMs: () => number;
  /** where a provider on another origin sends the browser back (PUBLIC_URL) */
  publicUrl?: string;
}) {
  const { kv, nowMs, verifier } = options;
  const mac = (body: string) => createHmac('sha256', options.secret).update(`age:${body}`).digest('base64url');
  /**
   * The cookie: the proof's id and a sealed copy of the proof itself (only its four fields). The store's
   * record is what counts while it is there (sign-in moves it to the account's session); when the store
   * lost it (Redis restarted empty) the sealed copy still proves this browser's check, as a session
   * cookie outlives it. Sign-out leaves a mark that ends the copy too.
   */
  const seal = (id: string, proof: AgeProof) => {
    const body = `${id}.${Buffer.from(JSON.stringify(proof)).toString('base64url')}`;
    return `${body}.${mac(body)}`;
  };
  const unseal = (value: string | undefined): { id: string; proof: AgeProof } | undefined => {
    const [id, encoded, signature] = (value ?? '').split('.');
    if (!id || !encoded || !signature) return undefined;
    const expected = Buffer.from(mac(`${id}.${encoded}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      return { id, proof: JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as AgeProof };
    } catch {
      return undefined;
    }
  };
  const cookieOptions = (ctx: Context, path = '/') => {
    if (options.secure) ctx.cookies.secure = true;
    // no `expires`: a browser-session cookie
    return { httpOnly: true, sameSite: 'lax' as const, secure: options.secure, path, overwrite: true };
  };

  async function proofOf(cookieHeader: string | undefined, principal?: Principal) {
    const sealed = unseal(cookieValue(cookieHeader, AGE_PROOF_COOKIE));
    if (!sealed) return undefined;
    const { id } = sealed;
    const [stored, ended] = await Promise.all([kv.get(proofKey(id)), kv.has(endedKey(id))]);
    if (ended) return undefined;
    const proof = stored ? (JSON.parse(stored) as AgeProof) : sealed.proof;
    if (Date.parse(proof.expiresAt) <= nowMs()) return undefined;
    // a proof carried into a signed-in session serves that session only
    if (proof.session !== id && proof.session !== principal?.sid) return undefined;
    return { id, proof };
  }

  /** keeps a new proof for this browser session; answers the cookie value (the callback sets it; test harnesses too) */
  async function grant(principal?: Principal): Promise<{ cookie: string; proof: AgeProof }> {
    if (!verifier) throw new Error('No age verifier runs (AGE_VERIFICATION=off)');
    const id = randomUUID();
    const now = nowMs();
    const proof: AgeProof = {
      session: principal?.sid ?? id,
      provider: verifier.name,
      verifiedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + AGE_PROOF_MAX_MS).toISOString(),
    };
    await kv.put(proofKey(id), AGE_PROOF_MAX_MS, JSON.stringify(proof));
    return { cookie: seal(id, proof), proof };
  }

  const ages = {
    provider: options.provider,
    /** the sandbox runs in production (a staging copy): a banner 'Modalità di prova' on every page */
    testMode: Boolean(verifier?.testMode && options.production),
    verifier,
    /** the proofs' time (the sandbox signs its assertions by it, so they are checked by the same clock) */
    nowMs,
    grant,
    /** a performer, an admin, or a browser session holding a valid proof; everyone when AGE_VERIFICATION=off */
    async verified(cookieHeader: string | undefined, principal: Principal | undefined): Promise<boolean> {
      if (!verifier) return true;
      if (principal?.kind === 'performer' || principal?.kind === 'admin') return true;
      return (await proofOf(cookieHeader, principal)) !== undefined;
    },
    async status(ctx: Context, principal: Principal | undefined) {
      const held = verifier ? await proofOf(ctx.headers.cookie, principal) : undefined;
      return {
        verified: held !== undefined || (await ages.verified(ctx.headers.cookie, principal)),
        expiresAt: held?.proof.expiresAt ?? null,
        provider: options.provider,
        testMode: ages.testMode,
      };
    },
    /** a check begins: a nonce bound to this browser; answers where the browser goes */
    async start(ctx: Context, returnTo: string): Promise<{ redirectUrl: string }> {
      if (!verifier) return { redirectUrl: returnTo };
      const nonce = randomBytes(24).toString('base64url');
      const origin = options.publicUrl ?? ctx.origin;
      const started = await verifier.start({ nonce, callbackUrl: `${origin}/api/age-verification/callback` });
      await kv.put(nonceKey(nonce), AGE_NONCE_TTL_MS, JSON.stringify({ returnTo, reference: started.reference }));
      ctx.cookies.set(AGE_NONCE_COOKIE, nonce, cookieOptions(ctx, '/api/age-verification'));
      return { redirectUrl: started.redirectUrl };
    },
    /**
     * The provider's answer at the callback: checked for this browser's nonce, the nonce spent once,
     * the proof kept and its cookie set; answers where to go back. Throws AgeVerificationError (nothing kept).
     */
    async complete(ctx: Context, query: Record<string, string | undefined>, principal: Principal | undefined) {
      if (!verifier) throw new AgeVerificationError('malformed', 'No age verifier runs');
      const nonce = ctx.cookies.get(AGE_NONCE_COOKIE);
      if (!nonce) throw new AgeVerificationError('foreign', 'No age check was started in this browser session');
      const pending = await kv.get(nonceKey(nonce));
      if (!pending) throw new AgeVerificationError('replayed', 'This age check is already used or has expired');
      const { returnTo, reference } = JSON.parse(pending) as { returnTo: string; reference?: string };
      await verifier.complete({ query, nonce, reference, nowMs: nowMs() });
      // spent once, across every process sharing the store
      if ((await kv.increment(nonceUsedKey(nonce), AGE_NONCE_TTL_MS)) > 1)
        throw new AgeVerificationError('replayed', 'This age check is already used');
      await kv.remove(nonceKey(nonce));
      const { cookie } = await grant(principal);
      ctx.cookies.set(AGE_PROOF_COOKIE, cookie, cookieOptions(ctx));
      ctx.cookies.set(AGE_NONCE_COOKIE, '', { ...cookieOptions(ctx, '/api/age-verification'), expires: new Date(0) });
      return returnTo;
    },
    /** at sign-in: the visitor's proof now serves the account's new session (and no other) */
    async carry(ctx: Context, principal: Principal) {
      const held = await proofOf(ctx.headers.cookie, undefined);
      if (!held) return;
      const ttl = Date.parse(held.proof.expiresAt) - nowMs();
      if (ttl > 0) await kv.put(proofKey(held.id), ttl, JSON.stringify({ ...held.proof, session: principal.sid }));
    },
    /** at sign-out: the proof ends with the session */
    async end(ctx: Context) {
      const id = unseal(ctx.cookies.get(AGE_PROOF_COOKIE))?.id;
      if (id) {
        await kv.put(endedKey(id), AGE_PROOF_MAX_MS);
        await kv.remove(proofKey(id));
      }
      ctx.cookies.set(AGE_PROOF_COOKIE, '', { ...cookieOptions(ctx), expires: new Date(0) });
    },
  };
  return ages;
}

export type AgeProofs = ReturnType<typeof createAgeProofs>;
