import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { RouteContract } from '@aura/contracts';
import { badRequest, forbidden, unauthorized } from './errors';
import { zodFieldErrors } from './problem';
import type { Principal, SessionManager } from './session';

type InferOr<T, Fallback> = T extends z.ZodType ? z.output<T> : Fallback;

export interface RouteInput<C extends RouteContract> {
  params: InferOr<C['params'], Record<string, never>>;
  query: InferOr<C['query'], Record<string, never>>;
  body: InferOr<C['body'], undefined>;
}

export type Caller<C extends RouteContract> = C['auth'] extends 'public' ? Principal | undefined : Principal;

export type RouteHandler<C extends RouteContract> = (
  ctx: Context,
  input: RouteInput<C>,
  caller: Caller<C>,
) => Promise<z.input<C['response']>>;

/** Which session kinds may call a route of each auth level (resource checks happen in the handler). */
const allowedKinds: Record<RouteContract['auth'], Principal['kind'][] | undefined> = {
  public: undefined,
  user: ['user', 'admin'],
  performer: ['performer', 'admin'],
  admin: ['admin'],
};

/** `/api/users/{id}` → `/api/users/:id` for the router. */
export const toRouterPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Mounts one route from its contract: authenticates, validates params, query and body with zod into
 * `ctx.state.input`, runs the handler and shapes the answer with the response schema (so nothing
 * outside the contract, like a password hash, can leak).
 */
export function mountRoute<C extends RouteContract>(
  router: Router,
  sessions: SessionManager,
  contract: C,
  handler: RouteHandler<C>,
  ...before: Middleware[]
) {
  const run: Middleware = async (ctx) => {
    const caller = await sessions.fromContext(ctx);
    const kinds = allowedKinds[contract.auth];
    if (kinds && !caller) throw unauthorized();
    if (kinds && caller && !kinds.includes(caller.kind)) throw forbidden();
    const input = {
      params: parsePart(contract.params, ctx.params, 'params'),
      query: parsePart(contract.query, ctx.query, 'query'),
      body: contract.body ? parsePart(contract.body, ctx.request.body, 'body') : undefined,
    } as RouteInput<C>;
    ctx.state.input = input;
    const result = await handler(ctx, input, caller as Caller<C>);
    // a handler may answer another success-shaped status (health: 503 with the same body)
    ctx.status = (ctx.state.responseStatus as number | undefined) ?? contract.status ?? 200;
    ctx.body = contract.response.parse(result);
  };
  router[contract.method](toRouterPath(contract.path), ...before, run);
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string) {
  if (!schema) return {};
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const errors = zodFieldErrors(parsed.error).map((e) => ({ ...e, path: `${part}.${e.path}`.replace(/\.\(root\)$/, '') }));
  throw badRequest(`Invalid fields: ${errors.map((e) => e.path).join(', ')}`, errors);
}

/** The caller may act on `ownerId`'s records: it is theirs, or they are an admin. */
export function assertOwnerOrAdmin(caller: Principal, ownerId: string) {
  if (caller.kind === 'admin') return;
  if (caller.sub !== ownerId) throw forbidden();
}
