import { streams, type DomainEvent } from '@aura/contracts';
import { foldStream, retryOnConflict } from '../eventstore/handle-command';
import type { EventStore, StoredEvent } from '../eventstore/port';
import { deterministicId, newId } from '../ids';
import { decideSpend, wallet } from './wallet';

export interface SpendFromWallet {
  walletId: string;
  /** minor units (1 auracoin = 100) */
  amountUnits: number;
  /** the event saying what is bought; appended to the wallet stream right before the debit */
  purchase: DomainEvent;
  /** what the debit is for ('alias', 'photo', 'session', 'message'…); default: the purchase event's type */
  reason?: string;
  /** the id of the thing bought; default: the purchase event id */
  reference?: string;
  /** a repeated key gives back the first spend instead of spending again */
  idempotencyKey?: string;
  metadata?: Record<string, unknown>;
  now: () => Date;
}

export interface SpendResult {
  /** true when the idempotency key had been used: nothing was appended, `purchase` is the first spend's */
  replayed: boolean;
  /** the purchase event as stored */
  purchase: { id: string; type: string; data: unknown };
  /** global position of the debit (for read-your-writes) */
  position: number;
}

/**
 * The one way to spend auracoin: reads the wallet, checks the balance with the shared fold
 * (contracts/src/rules/wallet.ts), appends [purchase, AuracoinDebited] with the expected revision,
 * and on a conflict re-reads and decides again. Concurrent spends therefore can never overdraw: of
 * any set of them, exactly those the balance affords succeed. Throws DomainError
 * 'insufficient_balance' ('Insufficient auracoin balance', 400) when the balance is short.
 */
export async function spendFromWallet(eventStore: EventStore, spend: SpendFromWallet): Promise<SpendResult> {
  const streamId = streams.wallet(spend.walletId);
  const ids = spend.idempotencyKey
    ? [deterministicId(`spend:${spend.walletId}:${spend.idempotencyKey}:purchase`), deterministicId(`spend:${spend.walletId}:${spend.idempotencyKey}:debit`)]
    : [newId(), newId()];
  return retryOnConflict(async () => {
    const stored = await eventStore.readStream(streamId);
    const earlier = spend.idempotencyKey ? findEvent(stored, ids[0]!) : undefined;
    if (earlier) {
      const debit = findEvent(stored, ids[1]!);
      return { replayed: true, purchase: { id: earlier.id, type: earlier.type, data: earlier.data }, position: (debit ?? earlier).position };
    }
    const state = foldStream(wallet, stored);
    const events = decideSpend(
      {
        walletId: spend.walletId,
        amountUnits: spend.amountUnits,
        purchase: spend.purchase,
        reason: spend.reason ?? spend.purchase.type,
        reference: spend.reference ?? ids[0]!,
      },
      state,
      spend.now(),
    );
    const result = await eventStore.appendToStream(
      streamId,
      events.map((event, index) => ({ id: ids[index] ?? newId(), type: event.type, data: event.data, metadata: spend.metadata })),
      { expectedRevision: stored.length === 0 ? 'no_stream' : stored.length - 1 },
    );
    return { replayed: false, purchase: { id: ids[0]!, type: spend.purchase.type, data: spend.purchase.data }, position: result.position };
  });
}

function findEvent(stored: StoredEvent[], id: string) {
  return stored.find((event) => event.id === id);
}
