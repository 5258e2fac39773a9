import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { withLogContext } from '../logging/context';
import type { Logger } from '../logging/logger';
import { observeRequest } from '../metrics/metrics';

const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** the label of a request no route template matched: never its path, which may hold an id */
export const UNMATCHED_ROUTE = 'unmatched';
export const STATIC_ROUTE = 'static';

/**
 * One request id per request: a trusted proxy's X-Request-Id when sane (`TRUST_PROXY`), else a new
 * one; echoed on the answer and in problem+json, on every log line written while handling it and on
 * the jobs it enqueues. Then its duration under its route template, and one log line: a command (any
 * method but GET and HEAD) at info, a read at debug (public reads are the hot path), a refusal at
 * info; a 5xx is logged by the problem handler, with its error.
 */
export function observeRequests(options: { logger: Logger; trustProxy: boolean }): Middleware {
  const log = options.logger.child({ component: 'http' });
  const successes = log.isLevelEnabled?.('debug') ?? true; // reads' lines are built only for debug
  return async (ctx, next) => {
    const started = performance.now();
    const given = options.trustProxy ? ctx.get('X-Request-Id') : '';
    const id = given !== '' && VALID_ID.test(given) ? given : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    try {
      await withLogContext({ requestId: id }, next);
    } finally {
      const duration = (performance.now() - started) / 1000;
      const matched = ctx._matchedRoute;
      const route =
        matched !== undefined
          ? String(matched)
          : ctx.status === 404 || ctx.path.startsWith('/api')
            ? UNMATCHED_ROUTE
            : STATIC_ROUTE;
      const status = ctx.status;
      observeRequest(ctx.method, route, status, duration);
      const read = ctx.method === 'GET' || ctx.method === 'HEAD';
      if (status < 500 && (status >= 400 || !read || successes)) {
        const fields = { requestId: id, method: ctx.method, route, status, ms: Math.round(duration * 10_000) / 10 };
        if (status >= 400) log.info('request refused', fields);
        else if (read) log.debug('request', fields);
        else log.info('command', fields);
      }
    }
  };
}
