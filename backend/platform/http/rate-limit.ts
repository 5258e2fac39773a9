import type { Context, Middleware } from 'koa';
import type { Clock } from '../clock';
import type { Config } from '../config/config';
import type { LimitName, RateLimits } from '../config/rate-limits';
import type { KeyValueStore } from '../kv/port';
import { HttpError } from './errors';

/** What every refusal for going too fast says (docs/architecture.md#rate-limits). */
export const TOO_MANY_REQUESTS = 'Troppi tentativi, riprova più tardi';

/** 429 with `Retry-After` (whole seconds, at least 1). */
export function tooManyRequests(ctx: Context, retryAfterMs: number, message = TOO_MANY_REQUESTS): HttpError {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new HttpError(429, 'too_many_requests', message);
}

/** One hit on one limit: its name and whose bucket (an address, an account, an identity and a conversation…). */
export type Hit = readonly [name: LimitName, key: string];

export interface RateLimiter {
  /** records the hits, all or none: 0 when they fit, else the ms until they would */
  take(...hits: Hit[]): Promise<number>;
  /** as `take`, refusing with 429 and `Retry-After` when they do not fit */
  enforce(ctx: Context, ...hits: Hit[]): Promise<void>;
  /** `enforce` as a route's middleware, before the session and the body are checked */
  before(name: LimitName, keyOf: (ctx: Context) => string): Middleware;
  /** sign-in attempts: per client address, and per address and account name, so neither spraying nor guessing scales */
  signIn(): Middleware[];
}

/**
 * Sliding-window limits on the key-value store: Redis when REDIS_URL is set, so every api replica
 * counts in the same buckets; memory (this process only) otherwise.
 */
export function createRateLimiter(kv: KeyValueStore, limits: RateLimits, now: () => number): RateLimiter {
  const take = async (...hits: Hit[]) =>
    limits === 'off'
      ? 0
      : kv.admit(
          hits.map(([name, key]) => ({ key: `rate:${name}:${key}`, ...limits[name] })),
          now(),
        );
  const enforce = async (ctx: Context, ...hits: Hit[]) => {
    const wait = await take(...hits);
    if (wait > 0) throw tooManyRequests(ctx, wait);
  };
  const before =
    (name: LimitName, keyOf: (ctx: Context) => string): Middleware =>
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

/** A module's limiter, from its ports. */
export function rateLimiterOf(ports: {
  kv: KeyValueStore;
  config: Pick<Config, 'RATE_LIMITS'>;
  clock: Clock;
}): RateLimiter {
  return createRateLimiter(ports.kv, ports.config.RATE_LIMITS, ports.clock.nowMs);
}

/** The account name a sign-in names, as its lock and its limits count it (ignoring case). */
export function accountNameOf(ctx: Context): string {
  const body = ctx.request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase().slice(0, 254) : '';
}
