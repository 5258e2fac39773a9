/**
 * Velocity limits on card purchases (issue 38 item 9, docs/architecture.md#purchase-limits): a user
 * may start at most so many purchases, and for at most so many euros, within each sliding window
 * of `PURCHASE_LIMITS`; pending and paid purchases count, declined ones do not. Past a limit the
 * purchase is refused (429 `purchase_limit`) with the seconds until enough counted purchases have
 * left the window for it to fit (`Retry-After`).
 */
import { DomainError } from '../../platform/domain-error';
import type { PurchaseLimit } from '../../platform/config/purchase-limits';

/** A purchase of the user that counts: pending or paid, when it started and for how much. */
export interface CountedPurchase {
  startedAt: string;
  priceCents: number;
}

/** The refusal, with the whole seconds after which the same purchase would fit. */
export class PurchaseLimitError extends DomainError {
  constructor(
    readonly limit: string,
    readonly retryAfterSeconds: number,
  ) {
    super('purchase_limit');
  }
}

/** The ms until `limit` lets a purchase of `priceCents` through (0: it does now). */
function waitFor(limit: PurchaseLimit, counted: readonly CountedPurchase[], priceCents: number, now: Date): number {
  const windowStart = now.getTime() - limit.windowMs;
  const inWindow = counted
    .map((purchase) => ({ at: Date.parse(purchase.startedAt), priceCents: purchase.priceCents }))
    .filter((purchase) => purchase.at > windowStart)
    .sort((a, b) => a.at - b.at);
  // how many of the oldest must leave the window first
  let leaving = 0;
  if (limit.kind === 'count') leaving = Math.max(0, inWindow.length + 1 - limit.max);
  else {
    if (priceCents > limit.maxCents) return limit.windowMs;
    let total = inWindow.reduce((sum, purchase) => sum + purchase.priceCents, priceCents);
    while (total > limit.maxCents) total -= inWindow[leaving++]!.priceCents;
  }
  if (leaving === 0) return 0;
  return inWindow[leaving - 1]!.at - windowStart;
}

/** Pure: nothing when the purchase fits every limit; else the refusal naming the limit that holds it longest. */
export function decidePurchaseLimit(
  limits: readonly PurchaseLimit[],
  counted: readonly CountedPurchase[],
  priceCents: number,
  now: Date,
): PurchaseLimitError | undefined {
  let longest: { limit: PurchaseLimit; ms: number } | undefined;
  for (const limit of limits) {
    const ms = waitFor(limit, counted, priceCents, now);
    if (ms > 0 && (!longest || ms > longest.ms)) longest = { limit, ms };
  }
  return longest && new PurchaseLimitError(longest.limit.text, Math.max(1, Math.ceil(longest.ms / 1000)));
}

/** How far back a user's purchases can count: the widest window. */
export const countedSince = (limits: readonly PurchaseLimit[], now: Date) =>
  new Date(now.getTime() - Math.max(0, ...limits.map((limit) => limit.windowMs)));
