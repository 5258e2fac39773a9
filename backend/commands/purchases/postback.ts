/**
 * Verotel FlexPay's postbacks (docs/architecture.md#verotel), issue 38 item 9: signed GET calls,
 * answered `OK` once applied, which Verotel waits for (a credit-card sale without it is refunded by
 * Verotel itself). A sale credits the purchase once however often it comes; one we cannot honour
 * (no such purchase, another amount or currency) is logged and answered an error, crediting
 * nothing, so that Verotel gives the buyer his money back. A refund Verotel made (`credit`) or a
 * `chargeback` is the card's money gone back: it runs as a card dispute lost, through the same
 * commands as the provider's dispute webhooks (./disputes.ts): the purchase's units removed, what
 * they paid taken back from the performers. One per sale, whichever comes first; before the sale
 * (out of order) it is recorded and the purchase declined, so the sale arriving later credits
 * nothing and no balance goes below zero.
 */
import { refundStreams, streams } from '@aura/contracts';
import { freezeForDispute, unfreezeForDispute } from '../../ledger';
import { foldStream } from '../../kernel/handle-command';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import type { Logger } from '../../platform/logging/logger';
import type { PaymentProvider, PostbackNotice } from '../../platform/payments/port';
import { WebhookSignatureError } from '../../platform/payments/signature';
import { VEROTEL_CHECKOUT_PREFIX } from '../../platform/payments/verotel';
import { decideCloseDispute, decideOpenDispute, dispute, disputeIdFor, handleDispute } from './disputes';
import { decideDeclinePayment, handlePurchase, purchase } from './purchase';
import { settlePayment } from './service';

export interface PostbackDeps {
  eventStore: EventStore;
  now: () => Date;
  provider: PaymentProvider;
  /** our purchase paid with this provider payment id (Verotel's saleID), or null */
  purchaseByPayment: (paymentId: string) => Promise<string | null>;
  logger: Logger;
}

/** What Verotel reads back: `OK` (200) once the postback is applied, else an error it does not take for one. */
export interface PostbackAnswer {
  status: number;
  text: string;
  position?: number;
}

export const POSTBACK_OK = 'OK';
/** The official client's example answer to a postback whose signature does not check (examples/postback.php). */
export const INVALID_SIGNATURE = 'ERROR - Invalid signature!';
export const UNKNOWN_PURCHASE = 'ERROR - Unknown purchase';
export const AMOUNT_DIFFERS = 'ERROR - Amount or currency differs from the purchase';

const ok = (position?: number): PostbackAnswer => ({ status: 200, text: POSTBACK_OK, position });

/** One reversal per sale: its credit and its chargeback name the same dispute (whichever comes first applies). */
const reversalOf = (saleId: string) => {
  const providerDisputeId = `sale:${saleId}`;
  return { providerDisputeId, disputeId: disputeIdFor('verotel', providerDisputeId) };
};

const fixedIds = (name: string) => (event: { type: string }, index: number) =>
  deterministicId(`${name}:${event.type}:${index}`);

/** Checks the postback's signature and applies what it says; the answer Verotel reads. */
export async function receivePostback(
  deps: PostbackDeps,
  query: Readonly<Record<string, string | string[]>>,
  metadata: Record<string, unknown>,
): Promise<PostbackAnswer> {
  if (!deps.provider.parsePostback) throw new DomainError('not_found');
  // a parameter given twice is no FlexPay postback
  const params = Object.entries(query).every(([, value]) => typeof value === 'string')
    ? (query as Record<string, string>)
    : undefined;
  let notice: PostbackNotice;
  try {
    if (!params) throw new WebhookSignatureError('A parameter is repeated');
    notice = deps.provider.parsePostback(params);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    deps.logger.warn('verotel postback refused: invalid signature', { saleId: params?.saleID });
    return { status: 400, text: INVALID_SIGNATURE };
  }
  const stored = { ...metadata, webhookEventId: notice.eventId, provider: deps.provider.name };
  if (notice.kind === 'sale') return receiveSale(deps, notice, stored);
  if (notice.kind === 'reversal') return receiveReversal(deps, notice, stored);
  deps.logger.info('verotel postback ignored', { type: notice.type, eventId: notice.eventId });
  return ok();
}

const purchaseState = async (eventStore: EventStore, purchaseId: string | null) =>
  purchaseId
    ? foldStream(purchase, await eventStore.readStream(streams.purchase(purchaseId)))
    : ({ status: 'none' } as const);

const reversed = async (eventStore: EventStore, disputeId: string) =>
  foldStream(dispute, await eventStore.readStream(refundStreams.dispute(disputeId))).status !== 'none';

async function receiveSale(
  deps: PostbackDeps,
  notice: Extract<PostbackNotice, { kind: 'sale' }>,
  metadata: Record<string, unknown>,
): Promise<PostbackAnswer> {
  const state = await purchaseState(deps.eventStore, notice.purchaseId);
  const fields = { saleId: notice.saleId, purchaseId: notice.purchaseId, amountCents: notice.amountCents };
  if (state.status === 'none') {
    deps.logger.warn('verotel sale refused: unknown purchase', fields);
    return { status: 404, text: UNKNOWN_PURCHASE };
  }
  if (notice.currency !== 'EUR' || notice.amountCents !== state.priceCents) {
    deps.logger.warn('verotel sale refused: amount or currency differs', {
      ...fields,
      currency: notice.currency,
      priceCents: state.priceCents,
    });
    return { status: 422, text: AMOUNT_DIFFERS };
  }
  const { disputeId } = reversalOf(notice.saleId);
  // its money went back before the sale came (out of order): never credited
  if (await reversed(deps.eventStore, disputeId)) return ok();
  let settled;
  try {
    settled = await settlePayment(
      deps,
      {
        kind: 'succeeded',
        eventId: notice.eventId,
        checkoutId: `${VEROTEL_CHECKOUT_PREFIX}${state.purchaseId}`,
        purchaseId: state.purchaseId,
        paymentId: notice.saleId,
        amountCents: notice.amountCents,
      },
      metadata,
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    deps.logger.warn('verotel sale refused', { ...fields, error: error.message });
    return { status: 409, text: `ERROR - ${error.message}` };
  }
  // a reversal recorded while it was credited: the wallet follows it now
  if (await reversed(deps.eventStore, disputeId)) {
    const position = await reverseInWallet(
      deps,
      { walletId: state.userId, disputeId, purchaseId: state.purchaseId },
      metadata,
    );
    return ok(position ?? settled.position);
  }
  return ok(settled.position);
}

/** The dispute's freeze and its close lost on the buyer's wallet, each once (the ledger's own commands). */
async function reverseInWallet(
  deps: PostbackDeps,
  command: { walletId: string; disputeId: string; purchaseId: string },
  metadata: Record<string, unknown>,
) {
  const frozen = await freezeForDispute(deps.eventStore, command, deps.now, metadata);
  const unfrozen = await unfreezeForDispute(
    deps.eventStore,
    { walletId: command.walletId, disputeId: command.disputeId, outcome: 'lost' },
    deps.now,
    metadata,
  );
  return unfrozen.position ?? frozen.position;
}

async function receiveReversal(
  deps: PostbackDeps,
  notice: Extract<PostbackNotice, { kind: 'reversal' }>,
  metadata: Record<string, unknown>,
): Promise<PostbackAnswer> {
  const purchaseId = notice.purchaseId ?? (await deps.purchaseByPayment(notice.saleId));
  const state = await purchaseState(deps.eventStore, purchaseId);
  if (state.status === 'none') {
    // not OK: it stays failed at Verotel (its sale unknown here, nothing to take back); sent again once the sale is known, it applies
    deps.logger.warn(`verotel ${notice.reason} refused: unknown purchase`, { saleId: notice.saleId, purchaseId });
    return { status: 404, text: UNKNOWN_PURCHASE };
  }
  const { disputeId, providerDisputeId } = reversalOf(notice.saleId);
  const streamId = refundStreams.dispute(disputeId);
  const recorded = { ...metadata, reversal: notice.reason };
  const opened = await handleDispute(
    deps.eventStore,
    streamId,
    (current) =>
      decideOpenDispute(
        {
          disputeId,
          provider: deps.provider.name,
          providerDisputeId,
          purchaseId: state.purchaseId,
          walletId: state.userId,
          amountCents: state.priceCents,
        },
        current,
        deps.now(),
      ),
    { metadata: recorded, eventId: fixedIds(`dispute-opened:${disputeId}`) },
  );
  const closed = await handleDispute(
    deps.eventStore,
    streamId,
    (current) => decideCloseDispute({ disputeId, outcome: 'lost', via: 'closed' }, current, deps.now()),
    { metadata: recorded, eventId: fixedIds(`dispute-closed:${disputeId}`) },
  );
  const position = closed.position ?? opened.position;
  if (state.status === 'paid')
    return ok(
      (await reverseInWallet(deps, { walletId: state.userId, disputeId, purchaseId: state.purchaseId }, recorded)) ??
        position,
    );
  if (state.status === 'pending') {
    // before its sale: the purchase is over, and the sale, when it comes, credits nothing
    const declined = await handlePurchase(
      deps.eventStore,
      streams.purchase(state.purchaseId),
      (current) => decideDeclinePayment({ checkoutId: state.checkoutId }, current, deps.now()),
      { metadata: recorded },
    );
    return ok(declined.position ?? position);
  }
  return ok(position);
}
