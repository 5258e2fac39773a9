import type { Context, Middleware } from 'koa';
import type { Clock } from '../clock';
import type { Config } from '../config/config';
import { HOUR, limitsInForce, MINUTE, type Limit } from '../config/rate-limits';
import type { KeyValueStore } from '../kv/port';
import { HttpError } from './errors';

/** 429 with `Retry-After` (whole seconds, at least 1): too fast, or (`code`) a door locked after failed tries. */
export function tooManyRequests(
  ctx: Context,
  retryAfterMs: number,
  code: 'too_many_requests' | 'admin_locked' | 'mfa_locked' = 'too_many_requests',
): HttpError {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new HttpError(code);
}

/**
 * The limits of the doors every module shares: accounts registered (users and performers
 * together) and sign-ins (users, performers, admins). A module declares its own in its command
 * side (`rateLimits`), each counted per the key its routes give.
 */
export const doorRateLimits = {
  /** accounts registered (users and performers together) per client address */
  register: { max: 10, windowMs: HOUR },
  /** sign-ins (users, performers, admins) per client address */
  signIn: { max: 60, windowMs: 15 * MINUTE },
  /** sign-ins per client address and account name */
  signInAccount: { max: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;

export type DoorLimit = keyof typeof doorRateLimits;

/** One hit on one limit: its name and whose bucket (an address, an account, an identity and a conversation…). */
export type Hit<Name extends string = string> = readonly [name: Name, key: string];

export interface RateLimiter<Name extends string = string> {
  /** records the hits, all or none: 0 when they fit, else the ms until they would */
  take(...hits: Hit<Name>[]): Promise<number>;
  /** as `take`, refusing with 429 and `Retry-After` when they do not fit */
  enforce(ctx: Context, ...hits: Hit<Name>[]): Promise<void>;
  /** `enforce` as a route's middleware, before the session and the body are checked */
  before(name: Name, keyOf: (ctx: Context) => string): Middleware;
  /** sign-in attempts: per client address, and per address and account name, so neither spraying nor guessing scales */
  signIn(): Middleware[];
}

/**
 * Sliding-window limits on the key-value store: Redis when REDIS_URL is set, so every api replica
 * counts in the same buckets; memory (this process only) otherwise.
 */
export function createRateLimiter<Name extends string>(
  kv: KeyValueStore,
  limits: Readonly<Record<Name | DoorLimit, Limit>> | 'off',
  now: () => number,
): RateLimiter<Name | DoorLimit> {
  const take = async (...hits: Hit<Name | DoorLimit>[]) =>
    limits === 'off'
      ? 0
      : kv.admit(
          hits.map(([name, key]) => ({ key: `rate:${name}:${key}`, ...limits[name] })),
          now(),
        );
  const enforce = async (ctx: Context, ...hits: Hit<Name | DoorLimit>[]) => {
    const wait = await take(...hits);
    if (wait > 0) throw tooManyRequests(ctx, wait);
  };
  const before =
    (name: Name | DoorLimit, keyOf: (ctx: Context) => string): Middleware =>
    async (ctx, next) => {
      await enforce(ctx, [name, keyOf(ctx)]);
      await next();
    };
  return {
    take,
    enforce,
    before,
    signIn: () => [
      before('signIn', (ctx) => ctx.ip),
      before('signInAccount', (ctx) => `${ctx.ip}|${accountNameOf(ctx)}`),
    ],
  };
}

/** A module's limiter, from its ports: the doors' limits and its own (`declared`), as `RATE_LIMITS` sets them. */
export function rateLimiterOf<Name extends string = never>(
  ports: { kv: KeyValueStore; config: Pick<Config, 'RATE_LIMITS'>; clock: Clock },
  declared: Readonly<Record<Name, Limit>> = {} as Record<Name, Limit>,
): RateLimiter<Name | DoorLimit> {
  const limits = limitsInForce({ ...doorRateLimits, ...declared }, ports.config.RATE_LIMITS);
  return createRateLimiter<Name>(ports.kv, limits, ports.clock.nowMs);
}

/** The account name a sign-in names, as its lock and its limits count it (ignoring case). */
export function accountNameOf(ctx: Context): string {
  const body = ctx.request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase().slice(0, 254) : '';
}
