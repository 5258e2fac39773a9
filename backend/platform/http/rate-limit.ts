import type { Middleware } from 'koa';
import type { KeyValueStore } from '../kv/port';
import { HttpError } from './errors';

export interface RateLimitRule {
  /** key of the bucket for this request, e.g. client ip + identifier */
  keyOf: (ctx: Parameters<Middleware>[0]) => string;
  max: number;
  windowMs: number;
}

/** Fixed-window limiter: over `max` hits within the window answers 429 with Retry-After. */
export function rateLimit(kv: KeyValueStore, name: string, rule: RateLimitRule): Middleware {
  return async (ctx, next) => {
    const hits = await kv.increment(`rate:${name}:${rule.keyOf(ctx)}`, rule.windowMs);
    if (hits > rule.max) {
      ctx.set('Retry-After', String(Math.ceil(rule.windowMs / 1000)));
      throw new HttpError(429, 'too_many_requests', 'Troppi tentativi di accesso: riprova più tardi');
    }
    await next();
  };
}

/** Login attempts: per client address and per account name, so neither spraying nor guessing scales. */
export function loginRateLimit(kv: KeyValueStore): Middleware[] {
  const identifier = (ctx: Parameters<Middleware>[0]) => {
    const body = ctx.request.body as { username?: unknown } | undefined;
    return typeof body?.username === 'string' ? body.username.trim().toLowerCase().slice(0, 254) : '';
  };
  return [
    rateLimit(kv, 'login-ip', { keyOf: (ctx) => ctx.ip, max: 60, windowMs: 15 * 60_000 }),
    rateLimit(kv, 'login-account', { keyOf: (ctx) => `${ctx.ip}|${identifier(ctx)}`, max: 10, windowMs: 15 * 60_000 }),
  ];
}
