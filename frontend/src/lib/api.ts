import type {
  ApiRouteName,
  apiRoutes,
  RouteAnswer,
  RouteBodyInput,
  RouteParamsInput,
  RouteQueryInput,
} from '@aura/contracts';
import { apiPaths, MFA_CODE_HEADER } from '@aura/contracts';
import { ApiError, apiRequest, type HttpMethod } from './api-client';
import { withSecondFactor } from './second-factor';

/**
 * The frontend's one spelling of each API call: a call names its route by its key in `apiRoutes`
 * (@aura/contracts), and the path, the method, what may be sent and what comes back are the
 * contract's (the method and path from `apiPaths`, the types straight from the schemas). A
 * renamed route, path parameter or field fails the type check, not a browser.
 *
 * Why `apiPaths` and not `apiRoutes` at run time: the route map holds every route's zod schemas, and
 * reading it would put zod and all of them into the first page's bundle (+132 kB, +37 kB gzipped) for
 * two strings per route. `apiPaths` is the zod-free part each contract spreads (contracts/src/api/
 * *.paths.ts), so the method and path are the contract's own spelling, not a copy.
 *
 *     call('getUser', { params: { id }, signal })
 *     call('createPurchase', { body: { packageId }, idempotencyKey })
 *     routePath('publicFile', { params: { fileId } })  // a link, not a fetch
 */

type Route<N extends ApiRouteName> = (typeof apiRoutes)[N];
type Declared<T> = [T] extends [never] ? false : true;

type ParamsPart<R> = Declared<RouteParamsInput<R>> extends true ? { params: RouteParamsInput<R> } : { params?: never };
type QueryPart<R> = Declared<RouteQueryInput<R>> extends true ? { query?: RouteQueryInput<R> } : { query?: never };
/** A file upload sends a multipart form or the file's bytes; any other route its body schema's input. */
type BodyPart<R> = R extends { upload: { kind: 'multipart' } }
  ? { body: FormData }
  : R extends { upload: { kind: 'binary' } }
    ? { body: Blob }
    : Declared<RouteBodyInput<R>> extends true
      ? { body: RouteBodyInput<R> }
      : { body?: never };
/** The `Idempotency-Key` header, where the route reads one. */
type KeyPart<R> = R extends { idempotencyKey: 'required' }
  ? { idempotencyKey: string }
  : R extends { idempotencyKey: 'optional' }
    ? { idempotencyKey?: string | undefined }
    : { idempotencyKey?: never };

/** Where a route's path leads: its parameters and, where it reads one, its query. */
export type PathInput<N extends ApiRouteName> = ParamsPart<Route<N>> & QueryPart<Route<N>>;
/** Everything a call of the route sends. */
export type CallInput<N extends ApiRouteName> = PathInput<N> &
  BodyPart<Route<N>> &
  KeyPart<Route<N>> & { signal?: AbortSignal | undefined };
/** What a call of the route answers (its response schema's output). */
export type CallAnswer<N extends ApiRouteName> = RouteAnswer<Route<N>>;

/** The input may be left out when every part of it is optional. */
type Args<T> = Partial<T> extends T ? [input?: T] : [input: T];

interface LooseInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

const PLACEHOLDER = /\{(\w+)\}|:(\w+)/g;

/** A path template (`/api/users/{id}`, or `:id`) with its parameters filled in, each URI-encoded. */
export function fillPath(template: string, params: Readonly<Record<string, unknown>> = {}): string {
  return template.replace(PLACEHOLDER, (_match, braced: string | undefined, colon: string | undefined) => {
    const name = (braced ?? colon)!;
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${template}: no value for the path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string of the values that are set: empty ones are left out, a list is comma-separated. */
export function queryString(query: Readonly<Record<string, unknown>> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) search.set(key, value.join(','));
    } else {
      search.set(key, String(value));
    }
  }
  return search.toString();
}

function pathOf(name: ApiRouteName, { params, query }: LooseInput): string {
  const path = fillPath(apiPaths[name].path, params);
  const search = queryString(query);
  return search ? `${path}?${search}` : path;
}

/** The URL of a route, for what is not fetched through `call` (a link, an image, a download). */
export function routePath<N extends ApiRouteName>(name: N, ...[input]: Args<PathInput<N>>): string {
  return pathOf(name, (input ?? {}) as LooseInput);
}

function send(name: ApiRouteName, url: string, { body, idempotencyKey, signal }: LooseInput) {
  const method = apiPaths[name].method.toUpperCase() as HttpMethod;
  // a money action an enrolled admin signs: asked for her code and sent again (docs/architecture.md#admin-mfa)
  const sent = withSecondFactor((code) => {
    const headers = {
      ...(idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey }),
      ...(code === undefined ? {} : { [MFA_CODE_HEADER]: code }),
    };
    return apiRequest<never>(method, url, body, { signal, headers });
  });
  return sent.catch((error: unknown) => {
    if (error instanceof ApiError && error.problem?.code === 'age_verification_required') void startAgeCheck();
    throw error;
  });
}

/** Whether this page is already on its way to the age check (many refused calls send it there once). */
let leavingForAgeCheck = false;

/**
 * Sends the browser to the age check and back to where it was (issue 39 item 2): whichever call an
 * adult route refuses with `age_verification_required`, from any page, lands here.
 */
export async function startAgeCheck(): Promise<void> {
  if (leavingForAgeCheck) return;
  leavingForAgeCheck = true;
  try {
    const returnTo = `${window.location.pathname}${window.location.search}` || '/';
    const { redirectUrl } = await call('startAgeVerification', { body: { returnTo } });
    window.location.assign(redirectUrl);
  } catch {
    leavingForAgeCheck = false;
  }
}

/** Calls a route: its contract's method and path, the JSON (or form, or file) body, the answer as typed by the contract. */
export function call<N extends ApiRouteName>(name: N, ...[input]: Args<CallInput<N>>): Promise<CallAnswer<N>> {
  const loose = (input ?? {}) as LooseInput;
  return send(name, pathOf(name, loose), loose);
}

/** Calls a route at a URL the server answered (an upload ticket's `uploadURL`), with the route's method and types. */
export function callLink<N extends ApiRouteName>(
  name: N,
  url: string,
  input: Omit<CallInput<N>, 'params' | 'query'>,
): Promise<CallAnswer<N>> {
  return send(name, url, input as LooseInput);
}
