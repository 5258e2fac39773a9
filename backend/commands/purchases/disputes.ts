/**
 * Card disputes (docs/architecture.md#disputes): the provider's signed `charge.dispute.*` webhooks,
 * recorded on the dispute's own stream (`dispute-<disputeId>`, the id fixed by the provider's), then
 * applied to the buyer's wallet through the ledger (frozen, the purchase's units locked and traced;
 * unfrozen when it closes). A replayed webhook records and applies nothing new; one for a purchase
 * we do not know, or a close before its opening, is ignored (and logged), and a later delivery in
 * the right order still works.
 */
import { refundStreams, streams, type DisputeOutcome, type DomainEvent } from '@aura/contracts';
import { freezeForDispute, unfreezeForDispute } from '../../ledger';
import { commandHandler, foldStream, type Aggregate } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import type { DisputeNotice } from '../../platform/payments/port';
import { purchase } from './purchase';

export type Dispute =
  | { status: 'none' }
  | {
      status: 'open' | DisputeOutcome;
      disputeId: string;
      providerDisputeId: string;
      purchaseId: string;
      walletId: string;
    };

export const dispute: Aggregate<Dispute> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'DisputeOpened') {
      const { disputeId, providerDisputeId, purchaseId, walletId } = event.data;
      return { status: 'open', disputeId, providerDisputeId, purchaseId, walletId };
    }
    if (event.type === 'DisputeClosed' && state.status === 'open') return { ...state, status: event.data.outcome };
    return state;
  },
};
export const handleDispute = commandHandler(dispute);

/** One dispute per provider dispute: the same webhook, however often, names the same stream. */
export const disputeIdFor = (provider: string, providerDisputeId: string) =>
  deterministicId(`dispute:${provider}:${providerDisputeId}`);

/** Pure: opened once; a replay decides nothing. */
export function decideOpenDispute(
  command: {
    disputeId: string;
    provider: string;
    providerDisputeId: string;
    purchaseId: string;
    walletId: string;
    amountCents: number;
  },
  state: Dispute,
  now: Date,
): DomainEvent[] {
  if (state.status !== 'none') return [];
  return [{ type: 'DisputeOpened', data: { ...command, openedAt: now.toISOString() } }];
}

/** Pure: closed once, only after it was opened (a close that arrives first is ignored). */
export function decideCloseDispute(
  command: { disputeId: string; outcome: DisputeOutcome; via: 'closed' | 'funds_reinstated' },
  state: Dispute,
  now: Date,
): DomainEvent[] {
  if (state.status !== 'open') return [];
  return [{ type: 'DisputeClosed', data: { ...command, closedAt: now.toISOString() } }];
}

export interface DisputeDeps {
  eventStore: EventStore;
  now: () => Date;
  providerName: string;
  /** our purchase paid with this provider payment id, or null */
  purchaseByPayment: (paymentId: string) => Promise<string | null>;
}

export type DisputeReceipt = {
  disputeId: string;
  applied: boolean;
  position: number | undefined;
  ignored?: 'unknown_purchase' | 'not_opened';
};

const fixedIds = (name: string) => (event: DomainEvent, index: number) =>
  deterministicId(`${name}:${event.type}:${index}`);

/** Records a dispute webhook and applies it to the wallet, each step idempotent. */
export async function receiveDispute(
  deps: DisputeDeps,
  notice: DisputeNotice,
  metadata: Record<string, unknown>,
): Promise<DisputeReceipt> {
  const disputeId = disputeIdFor(deps.providerName, notice.providerDisputeId);
  const streamId = refundStreams.dispute(disputeId);
  if (notice.stage === 'created') {
    const purchaseId = notice.purchaseId ?? (notice.paymentId ? await deps.purchaseByPayment(notice.paymentId) : null);
    const bought = purchaseId
      ? foldStream(purchase, await deps.eventStore.readStream(streams.purchase(purchaseId)))
      : undefined;
    if (!purchaseId || !bought || bought.status !== 'paid')
      return { disputeId, applied: false, position: undefined, ignored: 'unknown_purchase' };
    const opened = await handleDispute(
      deps.eventStore,
      streamId,
      (state) =>
        decideOpenDispute(
          {
            disputeId,
            provider: deps.providerName,
            providerDisputeId: notice.providerDisputeId,
            purchaseId,
            walletId: bought.userId,
            amountCents: notice.amountCents,
          },
          state,
          deps.now(),
        ),
      { metadata, eventId: fixedIds(`dispute-opened:${disputeId}`) },
    );
    const frozen = await freezeForDispute(
      deps.eventStore,
      { walletId: bought.userId, disputeId, purchaseId },
      deps.now,
      metadata,
    );
    return { disputeId, applied: opened.events.length > 0, position: frozen.position ?? opened.position };
  }
  const outcome = notice.outcome ?? 'won';
  const closed = await handleDispute(
    deps.eventStore,
    streamId,
    (state) =>
      decideCloseDispute(
        { disputeId, outcome, via: notice.stage === 'funds_reinstated' ? 'funds_reinstated' : 'closed' },
        state,
        deps.now(),
      ),
    {
      metadata,
      eventId: fixedIds(`dispute-closed:${disputeId}`),
    },
  );
  const state = closed.state;
  if (state.status === 'none') return { disputeId, applied: false, position: undefined, ignored: 'not_opened' };
  if (state.status === 'open') return { disputeId, applied: false, position: undefined };
  // the close recorded (now or by an earlier delivery): the wallet follows it, once
  const unfrozen = await unfreezeForDispute(
    deps.eventStore,
    { walletId: state.walletId, disputeId, outcome: state.status },
    deps.now,
    metadata,
  );
  return { disputeId, applied: closed.events.length > 0, position: unfrozen.position ?? closed.position };
}

/** The dispute as its stream gives it (the sandbox closes it by our id). */
export const disputeState = async (eventStore: EventStore, disputeId: string) =>
  foldStream(dispute, await eventStore.readStream(refundStreams.dispute(disputeId)));
