import { streams, type DomainEvent, type WalletTotals } from '@aura/contracts';
import { foldStream, retryOnConflict } from '../eventstore/handle-command';
import type { EventStore, StoredEvent } from '../eventstore/port';
import { deterministicId, newId } from '../ids';
import { decideSpend, wallet } from './wallet';

export interface SpendFromWallet {
  walletId: string;
  /** minor units (1 auracoin = 100) */
  amountUnits: number;
  /** the event saying what is bought; appended to the wallet stream right before the debit (or made from the wallet as it is then) */
  purchase: DomainEvent | ((state: WalletTotals) => DomainEvent);
  /** pay from this open hold first (a private session's minute); refused once the hold is closed */
  holdId?: string;
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
  const ids = spend.idempotencyKey ? spendEventIds(spend.walletId, spend.idempotencyKey) : [newId(), newId()];
  return retryOnConflict(async () => {
    const stored = await eventStore.readStream(streamId);
    const earlier = spend.idempotencyKey ? findEvent(stored, ids[0]!) : undefined;
    if (earlier) {
      const debit = findEvent(stored, ids[1]!);
      return { replayed: true, purchase: { id: earlier.id, type: earlier.type, data: earlier.data }, position: (debit ?? earlier).position };
    }
    const state = foldStream(wallet, stored);
    const purchase = typeof spend.purchase === 'function' ? spend.purchase(state) : spend.purchase;
    const events = decideSpend(
      {
        walletId: spend.walletId,
        amountUnits: spend.amountUnits,
        purchase,
        reason: spend.reason ?? purchase.type,
        reference: spend.reference ?? ids[0]!,
        holdId: spend.holdId,
      },
      state,
      spend.now(),
    );
    const result = await eventStore.appendToStream(
      streamId,
      events.map((event, index) => ({ id: ids[index] ?? newId(), type: event.type, data: event.data, metadata: spend.metadata })),
      { expectedRevision: stored.length === 0 ? 'no_stream' : stored.length - 1 },
    );
    return { replayed: false, purchase: { id: ids[0]!, type: purchase.type, data: purchase.data }, position: result.position };
  });
}

/**
 * The event ids of the spend made under `idempotencyKey` ([purchase, debit]): whoever appends that
 * spend (this function, or a command writing several spends in one append) uses these ids, so it
 * can be stored once only.
 */
export function spendEventIds(walletId: string, idempotencyKey: string): [string, string] {
  return [deterministicId(`spend:${walletId}:${idempotencyKey}:purchase`), deterministicId(`spend:${walletId}:${idempotencyKey}:debit`)];
}

function findEvent(stored: StoredEvent[], id: string) {
  return stored.find((event) => event.id === id);
}
