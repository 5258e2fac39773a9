import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { DomainError } from '../domain-error';

/**
 * The one rule for every keyed route (a contract with `idempotencyKey`): the same `Idempotency-Key`
 * with the same request gives back the first answer; with another request (other params or body)
 * it is refused, 422 `idempotency_key_reused`. `mountRoute` fingerprints the request
 * (`keyedRequest`), `commandMetadata` stores key and fingerprint with every event the request
 * appends, and the handler that finds the first request's event (a replayed spend, a purchase
 * started) compares them with `assertSameRequest`.
 */
export interface KeyedRequest {
  idempotencyKey: string;
  /** sha-256 of the route and its validated params and body */
  requestHash: string;
}

const KEYED = Symbol('keyed request');

/** Remembers the request's key and fingerprint on the context (mountRoute, after validation). */
export function keyedRequest(ctx: Context, route: string, key: string, params: unknown, body: unknown): KeyedRequest {
  const requestHash = createHash('sha256')
    .update(JSON.stringify({ route, params, body: body ?? null }))
    .digest('base64url');
  const keyed = { idempotencyKey: key, requestHash };
  (ctx.state as Record<symbol, KeyedRequest>)[KEYED] = keyed;
  return keyed;
}

/** The key and fingerprint of this request, if it is a keyed one (stored with its events by `commandMetadata`). */
export function keyedRequestOf(ctx: Context): KeyedRequest | undefined {
  return (ctx.state as Record<symbol, KeyedRequest | undefined>)[KEYED];
}

export const keyReused = () => new DomainError('idempotency_key_reused');

/**
 * The first request's event (its metadata) against this request's: the same key with another
 * fingerprint is refused. An event stored without a fingerprint (before this rule, or under
 * another key) is not compared.
 */
export function assertSameRequest(
  first: Record<string, unknown> | undefined,
  again: Partial<KeyedRequest> | Record<string, unknown>,
): void {
  if (!first || typeof first.requestHash !== 'string' || typeof again.requestHash !== 'string') return;
  if (first.idempotencyKey === again.idempotencyKey && first.requestHash !== again.requestHash) throw keyReused();
}
