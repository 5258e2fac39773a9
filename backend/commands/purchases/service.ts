import { euroToCents, packageTotal, streams, unitsToAuracoin } from '@aura/contracts';
import { creditWallet, walletTotals } from '../../ledger';
import { assertSameRequest, keyReused } from '../../platform/http/idempotency';
import { DomainError } from '../../platform/domain-error';
import { foldStream } from '../../kernel/handle-command';
import { retryOnConflict } from '../../platform/eventstore/retry-on-conflict';
import { WrongExpectedRevisionError, type EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import type { PurchaseLimit } from '../../platform/config/purchase-limits';
import type { DisputeNotice, PaymentOutcome, PaymentProvider } from '../../platform/payments/port';
import {
  decideConfirmPayment,
  decideDeclinePayment,
  decideStartCheckout,
  handlePurchase,
  purchase,
  quoteFor,
  settlementEventName,
} from './purchase';
import { countedSince, decidePurchaseLimit, type CountedPurchase } from './limits';

export interface PurchaseServiceDeps {
  eventStore: EventStore;
  provider: PaymentProvider;
  now: () => Date;
  /** a package on sale (price in euro), or null */
  packageById: (packageId: string) => Promise<{ id: string; credits: number; bonus: number; price: number } | null>;
  /** the limited offer running at `now`, or null */
  currentOffer: (now: Date) => Promise<{ offerId: string; bonusPercent: number } | null>;
  /** PURCHASE_LIMITS: at most so many purchases, so many euros, per window and user */
  purchaseLimits: readonly PurchaseLimit[];
  /** the user's pending and paid purchases started after `since` */
  countedPurchases: (userId: string, since: Date) => Promise<CountedPurchase[]>;
}

/** The purchase a user's idempotency key names: the same key always names the same purchase. */
export const purchaseIdFor = (userId: string, idempotencyKey: string) =>
  deterministicId(`purchase:${userId}:${idempotencyKey}`);

/**
 * Starts buying a package: prices it with the buyer's tier (from their wallet's history) and the
 * running offer, opens a checkout through the payment port and records CheckoutStarted. The same
 * key with the same package gives the first purchase back; with another package it is refused. A
 * new purchase past the user's PURCHASE_LIMITS is refused (429 `purchase_limit`, ./limits.ts).
 */
export async function startPurchase(
  deps: PurchaseServiceDeps,
  input: { userId: string; packageId: string; idempotencyKey: string },
  metadata: Record<string, unknown>,
): Promise<{ purchaseId: string; position: number | undefined }> {
  const purchaseId = purchaseIdFor(input.userId, input.idempotencyKey);
  const existing = await existingPurchase(deps.eventStore, purchaseId, input.packageId, metadata);
  if (existing) return existing;
  const pkg = await deps.packageById(input.packageId);
  if (!pkg) throw new DomainError('not_found');
  const terms = { packageId: pkg.id, credits: pkg.credits, bonus: pkg.bonus, priceCents: euroToCents(pkg.price) };
  const totalSpent = unitsToAuracoin((await walletTotals(deps.eventStore, input.userId)).debited);
  const offer = await deps.currentOffer(deps.now());
  const { quote } = quoteFor({ pkg: terms, totalSpent, offer });
  if (deps.purchaseLimits.length > 0) {
    const now = deps.now();
    const counted = await deps.countedPurchases(input.userId, countedSince(deps.purchaseLimits, now));
    const refusal = decidePurchaseLimit(deps.purchaseLimits, counted, quote.priceCents, now);
    if (refusal) throw refusal;
  }
  const checkout = await deps.provider.createCheckout({
    purchaseId,
    amountCents: quote.priceCents,
    currency: 'eur',
    description: `${packageTotal(terms)} auracoin`,
    successUrl: `/user?purchase=${purchaseId}`,
    cancelUrl: `/user?purchase=${purchaseId}`,
  });
  try {
    const result = await handlePurchase(
      deps.eventStore,
      streams.purchase(purchaseId),
      (state) =>
        decideStartCheckout(
          {
            purchaseId,
            userId: input.userId,
            idempotencyKey: input.idempotencyKey,
            pkg: terms,
            totalSpent,
            offer,
            checkout: { provider: deps.provider.name, checkoutId: checkout.checkoutId, url: checkout.url },
          },
          state,
          deps.now(),
        ),
      { metadata },
    );
    return { purchaseId, position: result.position };
  } catch (error) {
    // the same key sent twice at once: the other request recorded it first
    if (!(error instanceof WrongExpectedRevisionError) && !(error instanceof DomainError && error.code === 'conflict'))
      throw error;
    const raced = await existingPurchase(deps.eventStore, purchaseId, input.packageId, metadata);
    if (!raced) throw error;
    return raced;
  }
}

async function existingPurchase(
  eventStore: EventStore,
  purchaseId: string,
  packageId: string,
  metadata: Record<string, unknown>,
) {
  const stored = await eventStore.readStream(streams.purchase(purchaseId));
  if (stored.length === 0) return undefined;
  // the same key with another request is refused (the one rule of keyed routes); a purchase started
  // before requests were fingerprinted is compared by its package
  assertSameRequest(stored[0]!.metadata, metadata);
  const state = foldStream(purchase, stored);
  if (state.status === 'none' || state.packageId !== packageId) throw keyReused();
  return { purchaseId, position: stored[stored.length - 1]!.position };
}

/**
 * Applies a verified webhook. A success credits the wallet exactly once however often it comes:
 * the wallet events have fixed ids (a repeat is a no-op in the store), then the purchase is marked
 * paid; a crash between the two is healed by the next delivery. Returns the last position written.
 */
export async function settlePayment(
  deps: Pick<PurchaseServiceDeps, 'eventStore' | 'now'>,
  outcome: Exclude<PaymentOutcome, DisputeNotice>,
  metadata: Record<string, unknown>,
) {
  if (outcome.kind === 'ignored') return { purchaseId: undefined, position: undefined };
  const streamId = streams.purchase(outcome.purchaseId);
  if (outcome.kind === 'failed') {
    const result = await handlePurchase(
      deps.eventStore,
      streamId,
      (state) => decideDeclinePayment({ checkoutId: outcome.checkoutId }, state, deps.now()),
      { metadata },
    );
    return { purchaseId: outcome.purchaseId, position: result.position };
  }
  return retryOnConflict(async () => {
    const stored = await deps.eventStore.readStream(streamId);
    const state = foldStream(purchase, stored);
    const settlement = decideConfirmPayment(
      { checkoutId: outcome.checkoutId, paymentId: outcome.paymentId, amountCents: outcome.amountCents },
      state,
      deps.now(),
    );
    if (settlement.purchaseEvents.length === 0 || state.status === 'none')
      return { purchaseId: outcome.purchaseId, position: stored[stored.length - 1]?.position };
    const wallet = await creditWallet(
      deps.eventStore,
      state.userId,
      settlement.walletEvents.map((event, index) => ({ name: settlementEventName(state.purchaseId, index), event })),
      metadata,
    );
    const confirmed = await deps.eventStore.appendToStream(
      streamId,
      settlement.purchaseEvents.map((event) => ({
        id: deterministicId(`purchase-confirmed:${state.purchaseId}`),
        type: event.type,
        data: event.data,
        metadata,
      })),
      { expectedRevision: stored.length - 1 },
    );
    return { purchaseId: outcome.purchaseId, position: Math.max(wallet.position, confirmed.position) };
  });
}
