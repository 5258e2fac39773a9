import type { z } from 'zod';
import { commonRefusals, type ErrorCode } from '../errors';
import type { RoutePath } from './route-path';

export type { HttpMethod, RouteAuth, RoutePath } from './route-path';

/** A route's contract: where it is and who may call it (its `*.paths.ts` entry, spread in), and what it takes and answers. */
export interface RouteContract extends RoutePath {
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** the `Idempotency-Key` header: required, optional, or not read (absent) */
  idempotencyKey?: 'required' | 'optional';
  /** a file in the request: one `file` field of a multipart form, or the raw body; at most `maxBytes` */
  upload?: { kind: 'multipart' | 'binary'; maxBytes: number };
  /** what the answer is: JSON shaped by `response` (default), a file's bytes, an HTML page, a redirect, plain text */
  answers?: 'json' | 'file' | 'html' | 'redirect' | 'text';
  response: z.ZodType;
  status?: number;
  /** the refusals this route may answer besides the `commonRefusals` every route may (issue 37 item 5) */
  refusals: readonly ErrorCode[];
  /**
   * admins' second factor (docs/architecture.md#admin-mfa): 'fresh', a money action, carries a
   * fresh TOTP code in `X-MFA-Code` once the admin has enrolled; 'none', reachable before
   * enrolment even when `ADMIN_MFA_REQUIRED` makes it mandatory (enrolling, signing out)
   */
  secondFactor?: 'fresh' | 'none';
}

/** Whether a route may answer a refusal: one of its own, or one any route may answer. */
export function mayRefuse(route: Pick<RouteContract, 'refusals'>, code: ErrorCode): boolean {
  return (commonRefusals as readonly ErrorCode[]).includes(code) || route.refusals.includes(code);
}

/** The header a money action's fresh TOTP code (or a recovery code) comes in. */
export const MFA_CODE_HEADER = 'x-mfa-code';

/** The header that makes a retried request give the first answer (declared per route by `idempotencyKey`). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** The longest `Idempotency-Key` accepted. */
export const IDEMPOTENCY_KEY_MAX = 200;

/**
 * What a caller of a route sends and gets, read from its schemas (the frontend's typed client):
 * `never` where the route declares no such part. Inputs are the schemas' input types (defaults
 * may be left out), the answer is the response schema's output type.
 */
export type RouteParamsInput<R> = R extends { params: infer S extends z.ZodType } ? z.input<S> : never;
export type RouteQueryInput<R> = R extends { query: infer S extends z.ZodType } ? z.input<S> : never;
export type RouteBodyInput<R> = R extends { body: infer S extends z.ZodType } ? z.input<S> : never;
export type RouteAnswer<R> = R extends { response: infer S extends z.ZodType } ? z.output<S> : never;
