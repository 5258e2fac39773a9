import type { Context, Middleware } from 'koa';
import { ZodError } from 'zod';
import {
  mayRefuse,
  refusalText,
  statusOfErrorCode,
  type ErrorCode,
  type Problem,
  type ProblemExtras,
  type RouteContract,
} from '@aura/contracts';
import { DomainError } from '../domain-error';
import { WrongExpectedRevisionError } from '../eventstore/port';
import type { Logger } from '../logging/logger';
import { adapterOutages } from '../metrics/metrics';
import { isOutage } from '../outage';
import { badRequest, HttpError } from './errors';

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The one mapping from a zod refusal to a 400: `validation_failed` naming every refused field,
 * prefixed by the part of the request it was in (`body.price`, `query.limit`).
 */
export function validationError(error: ZodError, part?: string): HttpError {
  const errors = error.issues.map((issue) => {
    const path = [part, ...issue.path.map(String)]
      .filter((segment) => segment !== undefined && segment !== '')
      .join('.');
    return { path: path || '(root)', message: issue.message };
  });
  return badRequest(
    errors,
    `${refusalText('validation_failed')} ${errors.map((e) => `${e.path} (${e.message})`).join(', ')}`,
  );
}

/** Maps any thrown error to an HTTP status, code and message. Unknown errors become a 500 that hides internals. */
export function toProblemParts(error: unknown): {
  status: number;
  code: ErrorCode;
  message: string;
  errors?: Problem['errors'];
  extras?: ProblemExtras;
} {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message, errors: error.fieldErrors };
  }
  if (error instanceof DomainError) {
    return {
      status: statusOfErrorCode[error.code],
      code: error.code,
      message: error.message,
      ...(error.extras ? { extras: error.extras } : {}),
    };
  }
  if (error instanceof ZodError) return toProblemParts(validationError(error));
  if (error instanceof WrongExpectedRevisionError) {
    return refusalParts('concurrency_conflict');
  }
  if (isOutage(error)) {
    adapterOutages.inc();
    return refusalParts('service_unavailable');
  }
  const status = httpStatusOf(error);
  if (status === 413) return refusalParts('payload_too_large');
  if (status === 415) return refusalParts('unsupported_media_type');
  if (status === 400) return refusalParts('malformed_json');
  return refusalParts('internal_error');
}

const refusalParts = (code: ErrorCode) => ({ status: statusOfErrorCode[code], code, message: refusalText(code) });

/** Errors thrown by body parsers and http-errors carry a status (or statusCode). */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate =
    (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof candidate === 'number' && candidate >= 400 && candidate < 500 ? candidate : undefined;
}

export function writeProblem(ctx: Context, parts: ReturnType<typeof toProblemParts>) {
  const body: Problem = {
    type: `https://aura.example/problems/${parts.code}`,
    title: titles[parts.status] ?? 'Error',
    status: parts.status,
    code: parts.code,
    error: parts.message,
    detail: parts.message,
    instance: ctx.path,
    requestId: ctx.state.requestId as string | undefined,
    ...(parts.errors ? { errors: parts.errors } : {}),
    ...parts.extras,
  };
  ctx.status = parts.status;
  // a 503 passes: a read model catching up, an engine out of reach a moment
  if (parts.status === 503) ctx.set('Retry-After', '1');
  ctx.type = 'application/problem+json';
  ctx.body = body;
}

/**
 * The one error handler at the top of the stack: every failure leaves as problem+json. Under test
 * (`checkRefusals`), a route that answers a refusal its contract does not list answers a 500 that
 * names it instead, so the test that met it fails (issue 37 item 5).
 */
export function problemHandler(logger: Logger, checkRefusals = process.env.NODE_ENV === 'test'): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      let parts = toProblemParts(error);
      const route = ctx.state.route as RouteContract | undefined;
      if (checkRefusals && route && !mayRefuse(route, parts.code)) {
        const unlisted = `${route.method.toUpperCase()} ${route.path} answered ${parts.code}, which its contract's refusals do not list`;
        logger.error('unlisted refusal', { requestId: ctx.state.requestId, path: ctx.path, code: parts.code });
        parts = { ...refusalParts('internal_error'), message: unlisted };
      }
      if (parts.status >= 500)
        logger.error('request failed', { requestId: ctx.state.requestId, path: ctx.path, error });
      writeProblem(ctx, parts);
    }
  };
}
