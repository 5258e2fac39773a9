import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { sessionSecret } from './session-secret';
import type { KeyValueStore } from '../kv/port';
import type { RouteContract } from '@aura/contracts';
import type { AgeProofs } from '../age/proofs';
import { HttpError } from './errors';
import { Principal } from './principal';

export { Principal };

/** What an admin's request must show besides her session (a second factor); throws to refuse. */
export type AdminGate = (
  ctx: Context,
  caller: Principal,
  route: Pick<RouteContract, 'method' | 'path' | 'secondFactor'>,
) => Promise<void>;

export const SESSION_COOKIE = 'aura_session';
const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** verified tokens kept (a few hundred bytes each) */
const SIGNED_KEPT = 10_000;

/** What was just revoked: one session (a sign-out) or every session of an account issued until now. */
export type Revocation = { sid: string; sub: string } | { sub: string };

const revokedSession = (sid: string) => `revoked:${sid}`;
const revokedAccount = (sub: string) => `revoked-account:${sub}`;

/**
 * Sessions are HMAC-signed tokens in an httpOnly cookie, so they survive restarts and work across
 * processes; logout revokes the session id until the token would have expired, and deleting or
 * disabling an account revokes every session of it issued until then (a later sign-in, where the
 * account may still sign in, is a new session). Revocations live in their own store (Redis, or a
 * file under DATA_DIR), and whoever listens (`onRevoked`: the realtime side) drops the sockets.
 */
export function createSessionManager(options: {
  secret: string;
  secure: boolean;
  revocations: KeyValueStore;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  const sign = (payload: string) => createHmac('sha256', options.secret).update(payload).digest('base64url');

  function encode(principal: Principal): string {
    const payload = Buffer.from(JSON.stringify(principal)).toString('base64url');
    return `${payload}.${sign(payload)}`;
  }

  /** tokens whose signature checked out lately, and what they say: a request then skips the HMAC and the parse */
  const signed = new Map<string, Principal>();

  /** The principal a token proves, or undefined when absent, forged, expired or revoked. */
  async function verify(token: string | undefined): Promise<Principal | undefined> {
    if (!token) return undefined;
    const principal = signed.get(token) ?? signedPrincipal(token);
    if (!principal || principal.exp <= now()) return undefined;
    // both in one read: every request pays for it
    const [sessionRevoked, accountRevokedAt] = await options.revocations.getMany([
      revokedSession(principal.sid),
      revokedAccount(principal.sub),
    ]);
    if (sessionRevoked !== undefined) return undefined;
    // issued (exp − TTL) at or before the account's revocation
    if (accountRevokedAt !== undefined && principal.exp - SESSION_TTL_MS <= Number(accountRevokedAt)) return undefined;
    return { ...principal };
  }

  const listeners: ((revocation: Revocation) => void)[] = [];
  const revoked = (revocation: Revocation) => {
    for (const listener of listeners) listener(revocation);
  };

  function signedPrincipal(token: string): Principal | undefined {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return undefined;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const principal = Principal.safeParse(decoded);
    if (!principal.success) return undefined;
    if (signed.size >= SIGNED_KEPT) signed.clear();
    signed.set(token, principal.data);
    return principal.data;
  }

  const cookieOptions = () => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secure,
    path: '/',
    overwrite: true,
  });

  /**
   * Secure cookies in production, whatever this hop says: behind a TLS proxy that is not trusted
   * (`TRUST_PROXY` unset) Koa sees plain HTTP and the cookies library would refuse to send one.
   * The browser, which talks TLS to the proxy, takes it; over real plain HTTP it drops it.
   */
  const setCookie = (ctx: Context, value: string, expires: Date) => {
    if (options.secure) ctx.cookies.secure = true;
    ctx.cookies.set(SESSION_COOKIE, value, { ...cookieOptions(), expires });
  };

  return {
    verify,
    async fromContext(ctx: Context) {
      // most public reads come without a session: no cookie jar to build for them
      if (!ctx.headers.cookie?.includes(SESSION_COOKIE)) return undefined;
      return verify(ctx.cookies.get(SESSION_COOKIE));
    },
    /**
     * A new signed session token for the account (start() puts one in the cookie). `issuedAfter`: an
     * instant it must be issued after (a revocation of the account's sessions the caller just made,
     * which would otherwise also end one issued within the same millisecond).
     */
    issue(account: { sub: string; kind: Principal['kind'] }, options: { issuedAfter?: number } = {}) {
      const issuedAt = Math.max(now(), (options.issuedAfter ?? -Infinity) + 1);
      const principal: Principal = {
        sid: randomUUID(),
        sub: account.sub,
        kind: account.kind,
        exp: issuedAt + SESSION_TTL_MS,
      };
      return { principal, token: encode(principal) };
    },
    start(
      ctx: Context,
      account: { sub: string; kind: Principal['kind'] },
      options: { issuedAfter?: number } = {},
    ): Principal {
      const { principal, token } = this.issue(account, options);
      setCookie(ctx, token, new Date(principal.exp));
      return principal;
    },
    async end(ctx: Context) {
      const principal = await verify(ctx.cookies.get(SESSION_COOKIE));
      if (principal) {
        await options.revocations.put(revokedSession(principal.sid), Math.max(1, principal.exp - now()));
        revoked({ sid: principal.sid, sub: principal.sub });
      }
      setCookie(ctx, '', new Date(0));
    },
    /** every session of the account issued until now ends: its cookies are refused and its sockets dropped; answers that instant */
    async revokeAccount(sub: string): Promise<number> {
      const revokedAt = now();
      await options.revocations.put(revokedAccount(sub), SESSION_TTL_MS, String(revokedAt));
      revoked({ sub });
      return revokedAt;
    },
    /** an admin's request, past her session: the second factor the route asks for (none here; `guardedSessions` adds the modules') */
    admitAdmin: (async () => undefined) as AdminGate,
    /** a route or socket showing adult content: is this caller's age proven? (everyone here; `guardedSessions` adds the proofs) */
    /** the proofs of age (`guardedSessions` adds them): the age-verification routes use them */
    ages: undefined as AgeProofs | undefined,
    ageVerified: (async () => true) as (
      cookieHeader: string | undefined,
      caller: Principal | undefined,
    ) => Promise<boolean>,
    /** called after each revocation (the realtime side drops the sockets, on every api node) */
    onRevoked(listener: (revocation: Revocation) => void) {
      listeners.push(listener);
    },
  };
}

export type SessionManager = ReturnType<typeof createSessionManager>;

/**
 * Sessions as every route and socket sees them: a signed, unexpired, unrevoked session counts only
 * while `accepts` agrees (the modules' `acceptsSession`, e.g. its admin is still active).
 */
export function guardedSessions(
  sessions: SessionManager,
  accepts: (principal: Principal) => Promise<boolean>,
  admitAdmin: AdminGate = sessions.admitAdmin,
  /** the proofs of age (issue 39): adult routes ask for one; sign-in carries it, sign-out ends it */
  ages?: AgeProofs,
): SessionManager {
  const check = async (principal: Principal | undefined) =>
    principal && (await accepts(principal)) ? principal : undefined;
  return {
    ...sessions,
    admitAdmin,
    ...(ages && {
      ages,
      ageVerified: (cookieHeader: string | undefined, caller: Principal | undefined) =>
        ages.verified(cookieHeader, caller),
      start(
        ctx: Context,
        account: { sub: string; kind: Principal['kind'] },
        options: { issuedAfter?: number } = {},
      ): Principal {
        const principal = sessions.start(ctx, account, options);
        // the visitor's proof now serves this session; until written, it still serves the browser session
        void ages.carry(ctx, principal).catch(() => undefined);
        return principal;
      },
      async end(ctx: Context) {
        await sessions.end(ctx);
        await ages.end(ctx);
      },
    }),
    verify: async (token: string | undefined) => check(await sessions.verify(token)),
    fromContext: async (ctx: Context) => check(await sessions.fromContext(ctx)),
  };
}

/**
 * The session cookies of a process: its secret (SESSION_SECRET or kept under DATA_DIR), revocations in
 * the key-value store, and a guard every module may veto.
 */
export async function processSessions(
  config: { SESSION_SECRET?: string; dataDir: string; production: boolean },
  revocations: KeyValueStore,
  accepts: (principal: Principal) => Promise<boolean>,
  admitAdmin?: AdminGate,
  /** business time (the clock port's `nowMs`): sessions' expiry */
  now?: () => number,
  /** the proofs of age, made with the session secret (issue 39) */
  ages?: (secret: string) => AgeProofs,
) {
  const secret = await sessionSecret(config);
  return guardedSessions(
    createSessionManager({ secret, secure: config.production, revocations, now }),
    accepts,
    admitAdmin,
    ages?.(secret),
  );
}

/** The 403 of a route that shows adult content to a caller without a proof of age. */
export const ageVerificationRequired = () => new HttpError('age_verification_required');
