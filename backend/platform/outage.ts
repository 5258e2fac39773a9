/**
 * An adapter's engine out of reach (PostgreSQL restarted or its connection cut, Redis down): the
 * request may succeed a moment later, so it answers 503 with Retry-After, never 500.
 * docs/architecture.md#faults
 */

/** PostgreSQL: connection exceptions (class 08), the server shutting down or starting (57P01-57P03), too many connections */
const POSTGRES_CODES = /^(08...|57P0[123]|53300)$/;
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
const MESSAGES = [
  // pg
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /not queryable/,
  /Client was closed and is not queryable/,
  // ioredis
  /^Connection is closed\.?$/,
  /^Reached the max retries per request limit/,
  /enableOfflineQueue options is false/,
];

export function isOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && (POSTGRES_CODES.test(code) || NODE_CODES.has(code))) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // an AggregateError (connecting to several addresses) or a wrapped cause
  const { errors, cause } = error as { errors?: unknown; cause?: unknown };
  if (Array.isArray(errors) && errors.length > 0 && errors.every(isOutage)) return true;
  return cause !== undefined && cause !== error && isOutage(cause);
}
