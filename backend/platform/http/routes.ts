import { createHash } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import {
  fieldMessages,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  isAdultOnly,
  type RouteContract,
} from '@aura/contracts';
import { badRequest, forbidden, unauthorized } from './errors';
import { keyedRequest, keyedRequestOf } from './idempotency';
import { validationError } from './problem';
import { ageVerificationRequired, type Principal, type SessionManager } from './session';
import { uploadOf, type Upload } from './upload';

type InferOr<T, Fallback> = T extends z.ZodType ? z.output<T> : Fallback;

export interface RouteInput<C extends RouteContract> {
  params: InferOr<C['params'], Record<string, never>>;
  query: InferOr<C['query'], Record<string, never>>;
  body: InferOr<C['body'], undefined>;
  /** the `Idempotency-Key` header, trimmed, when the contract declares it */
  idempotencyKey: C['idempotencyKey'] extends 'required'
    ? string
    : C['idempotencyKey'] extends 'optional'
      ? string | undefined
      : undefined;
  /** the request's file, read only when the handler asks (after its own checks), when the contract declares one */
  upload: C['upload'] extends object ? Upload : undefined;
}

export type Caller<C extends RouteContract> = C['auth'] extends 'public' ? Principal | undefined : Principal;

/** A file answered as it is stored. */
export interface FileAnswer {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
  /** shown inline under this name */
  fileName?: string;
  /** 'attachment': the browser saves it (a download) rather than showing it */
  disposition?: 'inline' | 'attachment';
}

/**
 * JSON the handler has already serialised (and checked against the response schema itself), kept
 * by a memo between changes of its read model: encoded once, with a strong ETag of its bytes, so a
 * request answers it without encoding it again and a client that holds it gets a 304.
 */
export class JsonText {
  readonly bytes: Buffer;
  readonly etag: string;
  constructor(text: string) {
    this.bytes = Buffer.from(text);
    this.etag = `"${createHash('sha256').update(this.bytes).digest('base64url').slice(0, 27)}"`;
  }

  static of(value: unknown): JsonText {
    return new JsonText(JSON.stringify(value));
  }
}

export type Answer<C extends RouteContract> = C['answers'] extends 'file'
  ? FileAnswer
  : C['answers'] extends 'html' | 'text'
    ? string
    : C['answers'] extends 'redirect'
      ? { location: string }
      : z.input<C['response']> | JsonText;

export type RouteHandler<C extends RouteContract> = (
  ctx: Context,
  input: RouteInput<C>,
  caller: Caller<C>,
) => Promise<Answer<C>>;

/** Which session kinds may call a route of each auth level (resource checks happen in the handler). */
const allowedKinds: Record<RouteContract['auth'], Principal['kind'][] | undefined> = {
  public: undefined,
  user: ['user', 'admin'],
  performer: ['performer', 'admin'],
  admin: ['admin'],
  account: ['user', 'performer', 'admin'],
  userOrPerformer: ['user', 'performer'],
};

/** `/api/users/{id}` → `/api/users/:id` for the router. */
export const toRouterPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Mounts one route from its contract, the only way a route is mounted: authenticates, validates
 * params, query, body and the Idempotency-Key header with zod (one 400 shape for all), hands the
 * upload over when the contract has one, runs the handler and writes the answer the contract
 * declares: JSON shaped by the response schema (so nothing outside the contract, like a password
 * hash, can leak), a file, an HTML page or a redirect. A public route whose handler takes no caller
 * (two parameters) never decodes the session cookie: the answer is the same for everyone.
 */
export function mountRoute<C extends RouteContract>(
  router: Router,
  sessions: SessionManager,
  contract: C,
  handler: RouteHandler<C>,
  ...before: Middleware[]
) {
  const kinds = allowedKinds[contract.auth];
  // adult content (issue 39 item 2): a proof of age first, whoever asks (performers and admins have theirs)
  const adult = isAdultOnly(contract);
  const anonymous = !kinds && handler.length < 3 && !adult;
  // a public read's query (the gallery's filters) is parsed once per query string
  const queries = !kinds && contract.method === 'get' && contract.query ? new Map<string, unknown>() : undefined;
  const authenticate = async (ctx: Context) => {
    const caller = await sessions.fromContext(ctx);
    if (kinds && !caller) throw unauthorized();
    if (kinds && caller && !kinds.includes(caller.kind)) throw forbidden();
    if (adult && !(await sessions.ageVerified(ctx.headers.cookie, caller))) throw ageVerificationRequired();
    return caller;
  };
  // a route that needs a session refuses a caller without one before its limits count the call:
  // a signed-out cookie reads 401, never 429
  const authenticated = new WeakMap<Context, Awaited<ReturnType<typeof authenticate>>>();
  const gate: Middleware = async (ctx, next) => {
    authenticated.set(ctx, await authenticate(ctx));
    await next();
  };
  const run: Middleware = async (ctx) => {
    const caller = anonymous ? undefined : authenticated.has(ctx) ? authenticated.get(ctx) : await authenticate(ctx);
    const input = {
      params: parsePart(contract.params, ctx.params, 'params'),
      query: queries ? parsedQuery(ctx, contract.query, queries) : parsePart(contract.query, ctx.query, 'query'),
      body: contract.body ? parsePart(contract.body, ctx.request.body, 'body') : undefined,
      idempotencyKey: contract.idempotencyKey ? idempotencyKeyOf(ctx, contract.idempotencyKey) : undefined,
      upload: contract.upload ? uploadOf(ctx, contract.upload) : undefined,
    } as RouteInput<C>;
    ctx.state.input = input;
    // one rule for every keyed route: the same key with another request is refused (./idempotency.ts)
    if (input.idempotencyKey) keyedRequest(ctx, contract.path, input.idempotencyKey, input.params, input.body);
    // an admin's second factor: enrolment when mandatory, a fresh code for a money action (docs/architecture.md#admin-mfa)
    if (caller?.kind === 'admin') await sessions.admitAdmin(ctx, caller, contract);
    const answer = await handler(ctx, input, caller as Caller<C>);
    // a handler may answer another success-shaped status (health: 503 with the same body)
    ctx.status =
      (ctx.state.responseStatus as number | undefined) ??
      contract.status ??
      (contract.answers === 'redirect' ? 303 : 200);
    writeAnswer(ctx, contract, answer);
  };
  // the route answering, for the error handler (which checks, under test, that it lists each refusal it gives)
  const named: Middleware = (ctx, next) => {
    ctx.state.route = contract;
    return next();
  };
  router[contract.method](
    toRouterPath(contract.path),
    named,
    ...(kinds && before.length > 0 ? [gate] : []),
    ...before,
    run,
  );
}

function writeAnswer(ctx: Context, contract: RouteContract, answer: unknown) {
  switch (contract.answers ?? 'json') {
    case 'file': {
      const file = answer as FileAnswer;
      ctx.set('Cache-Control', file.cacheControl);
      if (file.fileName !== undefined)
        ctx.set(
          'Content-Disposition',
          `${file.disposition ?? 'inline'}; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
        );
      ctx.type = file.contentType;
      ctx.body = Buffer.from(file.bytes);
      return;
    }
    case 'html':
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = answer as string;
      return;
    case 'text':
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = answer as string;
      return;
    case 'redirect': {
      const status = ctx.status;
      ctx.redirect((answer as { location: string }).location);
      ctx.status = status;
      return;
    }
    default:
      if (answer instanceof JsonText) {
        ctx.res.setHeader('ETag', answer.etag);
        // Koa's freshness check (If-None-Match against the ETag, GET or HEAD, 2xx), only when asked
        if (ctx.headers['if-none-match'] !== undefined && ctx.fresh) {
          ctx.status = 304;
          return;
        }
        ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
        ctx.body = answer.bytes;
      } else ctx.body = contract.response.parse(answer);
  }
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string) {
  if (!schema) return {};
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  throw validationError(parsed.error, part);
}

const QUERIES_KEPT = 500;

/** `parsePart` of the query, remembered per query string; frozen, since every request with it shares it. */
function parsedQuery(ctx: Context, schema: z.ZodType | undefined, memo: Map<string, unknown>): unknown {
  const key = ctx.querystring;
  let parsed = memo.get(key);
  if (parsed === undefined) {
    parsed = parsePart(schema, ctx.query, 'query');
    for (const value of Object.values(parsed as object)) if (Array.isArray(value)) Object.freeze(value);
    Object.freeze(parsed);
    if (memo.size >= QUERIES_KEPT) memo.clear();
    memo.set(key, parsed);
  }
  return parsed;
}

function idempotencyKeyOf(ctx: Context, presence: 'required' | 'optional'): string | undefined {
  const key = ctx.get(IDEMPOTENCY_KEY_HEADER).trim();
  const path = `headers.${IDEMPOTENCY_KEY_HEADER}`;
  if (key === '' && presence === 'optional') return undefined;
  if (key === '') throw badRequest([{ path, message: fieldMessages.required }]);
  if (key.length > IDEMPOTENCY_KEY_MAX) throw badRequest([{ path, message: fieldMessages.idempotencyKeyTooLong }]);
  return key;
}

/** The caller may act on `ownerId`'s records: it is theirs, or they are an admin. */
export function assertOwnerOrAdmin(caller: Principal, ownerId: string) {
  if (caller.kind === 'admin') return;
  if (caller.sub !== ownerId) throw forbidden();
}

/**
 * The metadata every command stores with its events: the request's correlation id and who acted
 * (account id and kind), a keyed request's key and fingerprint (./idempotency.ts), plus anything
 * the command adds (a webhook id…).
 */
export function commandMetadata(
  ctx: Context,
  caller?: Pick<Principal, 'sub' | 'kind'>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    correlationId: ctx.state.requestId,
    ...(caller ? { actorId: caller.sub, actorKind: caller.kind } : {}),
    ...keyedRequestOf(ctx),
    ...extra,
  };
}
