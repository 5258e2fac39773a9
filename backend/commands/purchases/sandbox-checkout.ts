import { notFound } from '../../platform/http/errors';
import { SANDBOX_CHECKOUT_PREFIX } from '../../platform/payments/sandbox';
import type { Purchase } from './purchase';
import type { Dispute } from './disputes';

/**
 * What the embedded provider's TEST MODE pages act on, decided on the purchase's (or dispute's)
 * own stream: each refuses, as not found, what its page cannot show.
 */

/** The purchase a sandbox checkout id names (not found: not one of ours). */
export function checkoutPurchaseId(checkoutId: string): string {
  const purchaseId = checkoutId.startsWith(SANDBOX_CHECKOUT_PREFIX)
    ? checkoutId.slice(SANDBOX_CHECKOUT_PREFIX.length)
    : '';
  if (!/^[0-9a-f-]{36}$/i.test(purchaseId)) throw notFound();
  return purchaseId;
}

/** The purchase behind a checkout page: started, and with this very checkout. */
export function checkoutOf(state: Purchase, checkoutId: string): Exclude<Purchase, { status: 'none' }> {
  if (state.status === 'none' || state.checkoutId !== checkoutId) throw notFound();
  return state;
}

/** Only a paid purchase can be disputed. */
export function disputable(state: Purchase): Exclude<Purchase, { status: 'none' }> {
  if (state.status !== 'paid') throw notFound();
  return state;
}

/** A dispute is closed only once it was opened. */
export function openedDispute(state: Dispute): Exclude<Dispute, { status: 'none' }> {
  if (state.status === 'none') throw notFound();
  return state;
}
