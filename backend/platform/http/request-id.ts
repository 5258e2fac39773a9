import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Keeps a caller's X-Request-Id when it is sane, else makes one; echoes it on the answer. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const given = ctx.get('X-Request-Id');
    const id = VALID_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
