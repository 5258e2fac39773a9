import { streams, type DomainEvent } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import { retryOnConflict } from '../../platform/eventstore/retry-on-conflict';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId, newId } from '../../platform/ids';
import type { WalletTotals } from './fold';
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
  /**
   * the purchase event's id when the thing bought fixes it (a chat message's, which its unpaid
   * path stores under the same id, so a log can hold it once only); default: from the key
   */
  purchaseId?: string;
  metadata?: Record<string, unknown>;
  now: () => Date;
}

export interface SpendResult {
  /** true when the idempotency key had been used: nothing was appended, `purchase` is the first spend's */
  replayed: boolean;
  /** the purchase event as stored (with its metadata: a keyed request's fingerprint) */
  purchase: { id: string; type: string; data: unknown; metadata?: Record<string, unknown> };
  /** global position of the debit (for read-your-writes) */
  position: number;
}

/**
 * The one way to spend auracoin: reads the wallet, checks the balance with the shared fold
 * (./fold.ts), appends [purchase, AuracoinDebited] with the expected revision,
 * and on a conflict re-reads and decides again. Concurrent spends therefore can never overdraw: of
 * any set of them, exactly those the balance affords succeed. Throws DomainError
 * 'insufficient_balance' ('Insufficient auracoin balance', 400) when the balance is short.
 */
export async function spendFromWallet(eventStore: EventStore, spend: SpendFromWallet): Promise<SpendResult> {
  const streamId = streams.wallet(spend.walletId);
  const [purchaseId, debitId] = spend.idempotencyKey
    ? spendEventIds(spend.walletId, spend.idempotencyKey)
    : [newId(), newId()];
  const ids = [spend.purchaseId ?? purchaseId, debitId];
  // only a store that tells an earlier append of a key's ids from a new one may be written blind
  const known = eventStore.tellsAlreadyStored ? knownWallets(eventStore) : undefined;

  /** the spend decided on the wallet as given: a replay, or the events to append */
  const decide = (current: KnownWallet) => {
    const earlier = spend.idempotencyKey ? current.spends.get(ids[0]!) : undefined;
    if (earlier) return { earlier };
    const purchase = typeof spend.purchase === 'function' ? spend.purchase(current.state) : spend.purchase;
    const reason = spend.reason ?? purchase.type;
    const events = decideSpend(
      {
        walletId: spend.walletId,
        amountUnits: spend.amountUnits,
        purchase,
        reason,
        reference: spend.reference ?? ids[0]!,
        holdId: spend.holdId,
      },
      current.state,
      spend.now(),
    );
    // the purchase as stored: with how it was paid
    return { purchase: events[0]!, events };
  };

  return retryOnConflict(async (attempt) => {
    // the wallet as this process last wrote it, if it is kept: a stale copy fails the append (or a
    // refusal is decided again on the stream as it is), so it is never trusted for more than a try
    const kept = attempt === 1 ? known?.get(streamId) : undefined;
    let current = kept ?? (await readWallet(eventStore, streamId));
    let decided;
    try {
      decided = decide(current);
    } catch (error) {
      if (!kept) throw error;
      known?.delete(streamId);
      current = await readWallet(eventStore, streamId);
      decided = decide(current);
    }
    if (decided.earlier)
      return { replayed: true, ...(await storedSpend(eventStore, streamId, ids[0]!, decided.earlier)) };
    const { purchase, events } = decided;
    let result;
    try {
      result = await eventStore.appendToStream(
        streamId,
        events.map((event, index) => ({
          id: ids[index] ?? newId(),
          type: event.type,
          data: event.data,
          metadata: spend.metadata,
        })),
        // Stryker disable next-line StringLiteral: a wallet with no events has no balance: its spend is refused before any append
        { expectedRevision: current.revision < 0 ? 'no_stream' : current.revision },
      );
    } catch (error) {
      known?.delete(streamId);
      throw error;
    }
    if (result.alreadyStored) {
      // the store found an earlier append of these ids (the same key, spent since this copy was
      // made): that spend is the answer
      known?.delete(streamId);
      const replay = decide(await readWallet(eventStore, streamId));
      if (replay.earlier)
        return { replayed: true, ...(await storedSpend(eventStore, streamId, ids[0]!, replay.earlier)) };
    } else if (spend.idempotencyKey && !eventStore.tellsAlreadyStored) {
      // a store that does not tell answers another attempt of the key, appended at the same revision
      // a moment before, as this append: the purchase it stored is the answer when it is not this one
      const [stored] = await eventStore.readStream(streamId, {
        fromRevision: result.nextExpectedRevision - events.length + 1,
      });
      if (stored && JSON.stringify(stored.data) !== JSON.stringify(purchase.data)) {
        return {
          replayed: true,
          purchase: { id: stored.id, type: stored.type, data: stored.data, metadata: stored.metadata },
          position: result.position,
        };
      }
    }
    const bought = { id: ids[0]!, type: purchase.type, data: purchase.data, metadata: spend.metadata ?? {} };
    if (known) {
      // the kept copy knows its spends by position only, and adds to its one map of them rather
      // than copying it per spend: docs/architecture.md#the-heap-of-a-server-process
      const spends =
        current === kept
          ? current.spends
          : new Map([...current.spends].map(([id, { position }]) => [id, { position }]));
      known.remember(streamId, {
        revision: result.nextExpectedRevision,
        state: events.reduce(wallet.evolve, current.state),
        spends: spends.set(bought.id, { position: result.position }),
      });
    }
    return { replayed: false, purchase: bought, position: result.position };
  });
}

/** A wallet as a spend needs it: its fold, its revision and its events that a debit follows (by id). */
interface KnownWallet {
  revision: number;
  state: WalletTotals;
  spends: Map<string, Spent>;
}

/** a spend made: the debit's position, and the purchase as stored when read from the stream (a kept copy leaves it there) */
type Spent = { position: number; purchase?: SpendResult['purchase'] };

/** The purchase and position of a spend made earlier, from the stream when the copy kept has only its position. */
async function storedSpend(
  eventStore: EventStore,
  streamId: string,
  purchaseId: string,
  earlier: Spent,
): Promise<Omit<SpendResult, 'replayed'>> {
  const stored = earlier.purchase ? earlier : (await readWallet(eventStore, streamId)).spends.get(purchaseId);
  // a kept copy records only spends whose append succeeded, so the stream holds each of them
  const purchase = stored?.purchase;
  // Stryker disable next-line StringLiteral: a guard no input reaches (see above), so no spec runs its message
  if (!stored || !purchase) throw new Error(`the spend ${purchaseId} kept for ${streamId} is not in the stream`);
  return { purchase, position: stored.position };
}

async function readWallet(eventStore: EventStore, streamId: string): Promise<KnownWallet> {
  const stored = await eventStore.readStream(streamId);
  const spends: KnownWallet['spends'] = new Map();
  for (const [index, event] of stored.entries()) {
    if (event.type === 'AuracoinDebited') continue;
    const next = stored[index + 1];
    spends.set(event.id, {
      purchase: { id: event.id, type: event.type, data: event.data, metadata: event.metadata },
      position: next?.type === 'AuracoinDebited' ? next.position : event.position,
    });
  }
  return { revision: stored.length - 1, state: foldStream(wallet, stored), spends };
}

/**
 * The wallets this process spent from lately, per event store: the next spend from one of them
 * appends with the revision it knows instead of reading the stream first (a paid chat message is
 * one query less). The expected revision keeps it exact: when anything else wrote to the wallet
 * (a purchase, a session, another process), the append fails and the spend reads the stream.
 */
const WALLETS_KEPT = 5_000;
/** a wallet with more spends than this is not kept (its map would grow with every message) */
const SPENDS_KEPT = 500;
const walletsByStore = new WeakMap<EventStore, ReturnType<typeof walletCache>>();

function walletCache() {
  const wallets = new Map<string, KnownWallet>();
  return {
    get: (streamId: string) => wallets.get(streamId),
    delete: (streamId: string) => wallets.delete(streamId),
    remember(streamId: string, known: KnownWallet) {
      wallets.delete(streamId);
      if (known.spends.size > SPENDS_KEPT) return;
      wallets.set(streamId, known);
      // the least recently spent-from wallet goes first (a Map iterates in insertion order)
      // Stryker disable next-line all: a cache's bound; a wallet forgotten sooner or later is read again, the same
      if (wallets.size > WALLETS_KEPT) wallets.delete(wallets.keys().next().value!);
    },
  };
}

function knownWallets(eventStore: EventStore) {
  let cache = walletsByStore.get(eventStore);
  if (!cache) walletsByStore.set(eventStore, (cache = walletCache()));
  return cache;
}

/**
 * The event ids of the spend made under `idempotencyKey` ([purchase, debit]): whoever appends that
 * spend (this function, or a command writing several spends in one append) uses these ids, so it
 * can be stored once only.
 */
export function spendEventIds(walletId: string, idempotencyKey: string): [string, string] {
  return [
    deterministicId(`spend:${walletId}:${idempotencyKey}:purchase`),
    deterministicId(`spend:${walletId}:${idempotencyKey}:debit`),
  ];
}
