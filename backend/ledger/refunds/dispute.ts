/**
 * Card disputes on the wallet (docs/architecture.md#disputes). Opened, the buyer's wallet is frozen
 * (spends refused), the disputed purchase's units still in it are locked, and what its units
 * already paid for is traced through the wallet's lots (purchased units leave by the oldest
 * purchase first): each sale it paid, and the performer's share of that part, held on her
 * earnings. Lost: the locked units are removed and the held shares taken back; won (or the funds
 * reinstated): everything is released and the wallet unfrozen. Every decision is a no-op when
 * made again, so a replayed webhook changes nothing.
 */
import {
  performerShareCents,
  performerStreams,
  type DisputeOutcome,
  type DisputeTraceLine,
  type DomainEvent,
} from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import type { HandleOptions } from '../../kernel/handle-command';
import { deterministicId } from '../../platform/ids';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';
import { appendOnce } from '../append-once';
import { availableBalance } from '../wallet/fold';
import { onWallet } from '../wallet/wallet';
import { clawbackEventId } from './clawback';
import { refundableWallet, type RefundableWallet } from './refund';

/** What a purchase's units paid for, per sale, less what refunds gave back already; her share of each part. */
export function traceOf(state: RefundableWallet, purchaseId: string): DisputeTraceLine[] {
  return Object.entries(state.consumed[purchaseId] ?? {}).flatMap(([key, consumed]) => {
    const sale = state.sales[key];
    // Stryker disable next-line ConditionalExpression,ArrayDeclaration: units are traced by the wallet's
    // own sales (refund.ts, evolveConsumed): the sale is always there
    if (!sale) return [];
    // what refunds gave back to this purchase's lots is in the wallet again (locked, not traced);
    // a refund recorded before refunds named their lots gave back by the sale's total only
    const kept = sale.purchasedUnits - sale.refundedPurchasedUnits;
    const units = Math.min(consumed - (state.returned[purchaseId]?.[key] ?? 0), kept);
    if (units <= 0) return [];
    return [
      {
        source: sale.kind,
        sourceId: sale.saleId,
        performerId: sale.performerId,
        units,
        shareCents: performerShareCents(units),
      },
    ];
  });
}

/** Pure: the wallet frozen by a dispute opened on one of its purchases; nothing when it was frozen (or closed) for it already. */
export function decideFreeze(
  command: { walletId: string; disputeId: string; purchaseId: string },
  state: RefundableWallet,
  now: Date,
): DomainEvent[] {
  if (state.disputes[command.disputeId]) return [];
  const lockedUnits = state.wallet.lots
    .filter((lot) => lot.purchaseId === command.purchaseId)
    .reduce((sum, lot) => sum + lot.units, 0);
  return [
    {
      type: 'WalletFrozen',
      data: { ...command, lockedUnits, trace: traceOf(state, command.purchaseId), frozenAt: now.toISOString() },
    },
  ];
}

/**
 * Pure: the dispute closed. Lost: its locked units still in the wallet (never more than it can
 * give) are removed by a debit naming the dispute; won: nothing is taken. Nothing when the wallet
 * was never frozen for it (closed before it was opened) or is unfrozen already.
 */
export function decideUnfreeze(
  command: { walletId: string; disputeId: string; outcome: DisputeOutcome },
  state: RefundableWallet,
  now: Date,
): DomainEvent[] {
  // Stryker disable next-line OptionalChaining: a wallet folded here always has its frozen map
  const frozen = state.wallet.frozen?.[command.disputeId];
  // Stryker disable next-line ConditionalExpression,LogicalOperator: an open dispute and its freeze
  // come and go together (WalletFrozen, WalletUnfrozen); either says it
  if (state.disputes[command.disputeId] !== 'open' || !frozen) return [];
  const inLot = state.wallet.lots
    .filter((lot) => lot.purchaseId === frozen.purchaseId)
    .reduce((sum, lot) => sum + lot.units, 0);
  const removedUnits =
    command.outcome === 'lost' ? Math.max(0, Math.min(frozen.lockedUnits, inLot, availableBalance(state.wallet))) : 0;
  const at = now.toISOString();
  const unfrozen: DomainEvent = {
    type: 'WalletUnfrozen',
    data: {
      walletId: command.walletId,
      disputeId: command.disputeId,
      outcome: command.outcome,
      removedUnits,
      unfrozenAt: at,
    },
  };
  if (removedUnits === 0) return [unfrozen];
  return [
    unfrozen,
    {
      type: 'AuracoinDebited',
      data: {
        walletId: command.walletId,
        amount: removedUnits,
        reason: 'chargeback',
        reference: command.disputeId,
        purchaseId: frozen.purchaseId,
        purchasedAmount: removedUnits,
        promotionalAmount: 0,
        debitedAt: at,
      },
    },
  ];
}

const fixedIds =
  (name: string): HandleOptions['eventId'] =>
  (event, index) =>
    deterministicId(`${name}:${event.type}:${index}`);

/** Freezes the buyer's wallet for a dispute, with its expected revision and fixed ids (a repeat appends nothing). */
export function freezeForDispute(
  eventStore: EventStore,
  command: { walletId: string; disputeId: string; purchaseId: string },
  now: () => Date,
  metadata: Record<string, unknown>,
) {
  return onWallet(eventStore, command.walletId, refundableWallet, (state) => decideFreeze(command, state, now()), {
    metadata,
    eventId: fixedIds(`dispute-freeze:${command.disputeId}`),
  });
}

/** Unfreezes it when the dispute closes (won or lost), once. */
export function unfreezeForDispute(
  eventStore: EventStore,
  command: { walletId: string; disputeId: string; outcome: DisputeOutcome },
  now: () => Date,
  metadata: Record<string, unknown>,
) {
  return onWallet(eventStore, command.walletId, refundableWallet, (state) => decideUnfreeze(command, state, now()), {
    metadata,
    eventId: fixedIds(`dispute-unfreeze:${command.disputeId}`),
  });
}

/** Her shares of a dispute's trace, per performer. */
export function heldShares(trace: readonly DisputeTraceLine[]): Map<string, number> {
  const shares = new Map<string, number>();
  for (const line of trace) shares.set(line.performerId, (shares.get(line.performerId) ?? 0) + line.shareCents);
  return shares;
}

/** The earnings events a frozen or unfrozen wallet makes, each with its fixed id. */
export function disputeEarnings(
  event: DomainEvent,
  trace: readonly DisputeTraceLine[],
): { performerId: string; id: string; event: DomainEvent }[] {
  const made: { performerId: string; id: string; event: DomainEvent }[] = [];
  for (const [performerId, shareCents] of heldShares(trace)) {
    if (shareCents <= 0) continue;
    if (event.type === 'WalletFrozen') {
      const { disputeId, frozenAt } = event.data;
      made.push({
        performerId,
        id: deterministicId(`dispute-hold:${disputeId}:${performerId}`),
        event: { type: 'PerformerEarningsHeld', data: { performerId, disputeId, shareCents, heldAt: frozenAt } },
      });
    } else if (event.type === 'WalletUnfrozen' && event.data.outcome === 'won') {
      const { disputeId, unfrozenAt } = event.data;
      made.push({
        performerId,
        id: deterministicId(`dispute-release:${disputeId}:${performerId}`),
        event: {
          type: 'PerformerEarningsReleased',
          data: { performerId, disputeId, shareCents, releasedAt: unfrozenAt },
        },
      });
    } else if (event.type === 'WalletUnfrozen') {
      const { disputeId, unfrozenAt } = event.data;
      const line = trace.find((candidate) => candidate.performerId === performerId)!;
      made.push({
        performerId,
        id: clawbackEventId(disputeId, performerId),
        event: {
          type: 'PerformerEarningsClawedBack',
          data: {
            performerId,
            cause: 'dispute',
            causeId: disputeId,
            source: line.source,
            sourceId: line.sourceId,
            shareCents,
            reason: 'Contestazione del pagamento persa: quota trattenuta ripresa',
            clawedBackAt: unfrozenAt,
          },
        },
      });
    }
  }
  return made;
}

/**
 * A frozen wallet holds the traced performers' shares; its dispute lost takes them back, won
 * releases them: each on her earnings stream, exactly once (fixed ids), in the wallet's order.
 */
export function disputeEarningsReaction(eventStore: EventStore): ProjectionDefinition {
  const apply = async (event: RecordedEvent) => {
    if (event.type !== 'WalletFrozen' && event.type !== 'WalletUnfrozen') return;
    // an unfreeze takes the trace its freeze recorded, on the same wallet
    const trace =
      event.type === 'WalletFrozen'
        ? event.data.trace
        : await frozenTrace(eventStore, event.streamId, event.data.disputeId);
    for (const made of disputeEarnings(event, trace)) {
      await appendOnce(eventStore, performerStreams.earnings(made.performerId), [
        { id: made.id, type: made.event.type, data: made.event.data, metadata: { causationId: event.id } },
      ]);
    }
  };
  return { name: 'reaction:dispute-earnings', collections: [], eventTypes: ['WalletFrozen', 'WalletUnfrozen'], apply };
}

async function frozenTrace(eventStore: EventStore, streamId: string, disputeId: string): Promise<DisputeTraceLine[]> {
  const frozen = (await eventStore.readStream(streamId)).find(
    (stored) => stored.type === 'WalletFrozen' && (stored.data as { disputeId?: string }).disputeId === disputeId,
  );
  return (frozen?.data as { trace?: DisputeTraceLine[] } | undefined)?.trace ?? [];
}
