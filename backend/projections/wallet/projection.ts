import type { LedgerEntryView } from '@aura/contracts';
import {
  applyWalletEvent,
  balanceDelta,
  emptyWallet,
  kindsMoved,
  SALE_EVENT_TYPES,
  saleOf,
  walletIdOfStream,
  type WalletTotals,
} from '../../ledger';
import type { StoredEvent } from '../../platform/eventstore/port';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { recorded } from '../../platform/recorded-event';

/** One document per money movement on a wallet: the statement a user (or an admin) reads. */
export const WALLET_LEDGER = 'wallet-ledger';
/** Each wallet folded by the ledger's fold, to tell purchased from promotional units (docs/architecture.md#promotional-units). */
export const WALLET_KINDS = 'wallet-kinds';

export type LedgerEntryDoc = {
  _id: string;
  walletId: string;
  type: 'AuracoinCredited' | 'AuracoinDebited' | 'AuracoinAdjusted';
  /** signed minor units */
  amount: number;
  reason: string;
  reference: string | null;
  at: string;
  position: number;
  /** of `amount`, signed minor units of each kind */
  purchased: number;
  promotional: number;
  /** the wallet's units of each kind after it */
  purchasedBalance: number;
  promotionalBalance: number;
  /** whose sale it paid for (a debit), or whose sale it gave back (a refund) */
  performerId?: string;
  /** a package bought: the euro cents paid for it */
  priceCents?: number;
};

/** What the events before a movement said of it: the sale a debit pays, the purchase a credit is, the refund it gives back. */
type Context = {
  sale?: { reason: string; reference: string; performerId: string };
  purchase?: { purchaseId: string; priceCents: number };
  refund?: { refundId: string; performerId: string };
};
type KindsDoc = { _id: string; _pos: number; totals: WalletTotals; context?: Context };

const MONEY = ['AuracoinCredited', 'AuracoinDebited', 'AuracoinAdjusted'] as const;
/**
 * holds move no money but decide which kind a later debit from them takes; a sale, a purchase and a
 * refund come just before the movement they make, and say whose sale it was and what was paid
 */
const WALLET_EVENTS = [
  ...MONEY,
  'AuracoinHeld',
  'AuracoinReleased',
  ...SALE_EVENT_TYPES,
  'AuracoinPurchased',
  'SaleRefunded',
] as const;

/** The context an event gives the movements after it (pure). */
export function contextAfter(context: Context, stored: StoredEvent): Context {
  const event = recorded(stored);
  if (!event) return context;
  if (event.type === 'AuracoinPurchased')
    return { ...context, purchase: { purchaseId: event.data.purchaseId, priceCents: event.data.priceCents } };
  if (event.type === 'SaleRefunded')
    return { ...context, refund: { refundId: event.data.refundId, performerId: event.data.performerId } };
  const made = saleOf(event);
  return made
    ? {
        ...context,
        sale: { reason: made.debit.reason, reference: made.debit.reference, performerId: made.sale.performerId },
      }
    : context;
}

/** A movement with what its context says of it: the performer of a sale or a refund, the price of a package. */
export function withContext(entry: LedgerEntryDoc, context: Context): LedgerEntryDoc {
  const { sale, purchase, refund } = context;
  if (entry.type === 'AuracoinDebited' && sale && sale.reason === entry.reason && sale.reference === entry.reference)
    return { ...entry, performerId: sale.performerId };
  if (entry.reason === 'purchase' && purchase && purchase.purchaseId === entry.reference)
    return { ...entry, priceCents: purchase.priceCents };
  if (entry.reason === 'refund' && refund && refund.refundId === entry.reference)
    return { ...entry, performerId: refund.performerId };
  return entry;
}

/**
 * The entry an event makes on the wallet as it was before it (pure); undefined for events that
 * move no money. Its split is what the event recorded, or for an older event the fold's rule.
 */
export function toLedgerEntry(stored: StoredEvent, before: WalletTotals = emptyWallet()): LedgerEntryDoc | undefined {
  const event = recorded(stored);
  if (!event) return undefined;
  const moved = kindsMoved(before, event);
  if (!moved) return undefined;
  const after = applyWalletEvent(before, event);
  const entry = {
    _id: event.id,
    position: event.position,
    amount: balanceDelta(event),
    purchased: moved.purchased,
    promotional: moved.promotional,
    purchasedBalance: after.purchased,
    promotionalBalance: after.promotional,
  };
  switch (event.type) {
    case 'AuracoinCredited':
      return {
        ...entry,
        walletId: event.data.walletId,
        type: event.type,
        reason: event.data.reason,
        reference: event.data.purchaseId ?? event.data.reference ?? null,
        at: event.data.creditedAt,
      };
    case 'AuracoinDebited':
      return {
        ...entry,
        walletId: event.data.walletId,
        type: event.type,
        reason: event.data.reason,
        reference: event.data.reference,
        at: event.data.debitedAt,
      };
    case 'AuracoinAdjusted':
      return {
        ...entry,
        walletId: event.data.walletId,
        type: event.type,
        reason: 'adjustment',
        reference: null,
        at: event.data.adjustedAt,
      };
    default:
      return undefined;
  }
}

/**
 * One wallet's events of a batch (log order): its entries (keyed by event id, so writing one again
 * writes the same document), then its fold, which skips what it has seen after a crash.
 */
async function applyToWallet(store: ReadModelStore, walletId: string, events: readonly StoredEvent[]): Promise<void> {
  const kinds = store.collection<KindsDoc>(WALLET_KINDS);
  const folded = foldWallet(walletId, events, await kinds.findOne({ _id: walletId }));
  if (!folded) return;
  const entries = store.collection<LedgerEntryDoc>(WALLET_LEDGER);
  for (const entry of folded.entries) await entries.replaceOne({ _id: entry._id }, entry, { upsert: true });
  await kinds.replaceOne({ _id: walletId }, folded.kinds, { upsert: true });
}

/** A wallet's unseen events: their entries and the fold after them; undefined when all were seen. */
function foldWallet(
  walletId: string,
  events: readonly StoredEvent[],
  current: KindsDoc | null,
): { entries: LedgerEntryDoc[]; kinds: KindsDoc } | undefined {
  const unseen = current ? events.filter((event) => event.position > current._pos) : events;
  if (unseen.length === 0) return undefined;
  let totals = current?.totals ?? emptyWallet();
  let context = current?.context ?? {};
  const entries: LedgerEntryDoc[] = [];
  for (const event of unseen) {
    context = contextAfter(context, event);
    const entry = toLedgerEntry(event, totals);
    if (entry) entries.push(withContext(entry, context));
    totals = applyWalletEvent(totals, event);
  }
  return { entries, kinds: { _id: walletId, _pos: unseen.at(-1)!.position, totals, context } };
}

export const walletLedgerProjection: ProjectionDefinition = {
  name: WALLET_LEDGER,
  collections: [WALLET_LEDGER, WALLET_KINDS],
  eventTypes: WALLET_EVENTS,
  indexes: [{ collection: WALLET_LEDGER, keys: { walletId: 1, position: -1 }, options: { name: 'by_wallet' } }],
  apply: async (event, store) => {
    const walletId = walletIdOfStream(event.streamId);
    if (walletId !== undefined) await applyToWallet(store, walletId, [event]);
  },
  async applyBatch(events, store) {
    const byWallet = new Map<string, StoredEvent[]>();
    for (const event of events) {
      // a sale recorded on another stream (none today) says nothing of a wallet's movements
      const walletId = walletIdOfStream(event.streamId);
      if (walletId === undefined) continue;
      const own = byWallet.get(walletId);
      if (own) own.push(event);
      else byWallet.set(walletId, [event]);
    }
    const kinds = store.collection<KindsDoc>(WALLET_KINDS);
    const entries = store.collection<LedgerEntryDoc>(WALLET_LEDGER);
    if (!kinds.upsertMany || !entries.upsertMany || byWallet.size < 2) {
      for (const [walletId, own] of byWallet) await applyToWallet(store, walletId, own);
      return;
    }
    // where the store writes many at once: the batch's wallets read at once, the entries, then the folds, written at once
    const read = new Map((await kinds.find({ _id: { $in: [...byWallet.keys()] } })).map((doc) => [doc._id, doc]));
    const written: LedgerEntryDoc[] = [];
    const folds: KindsDoc[] = [];
    for (const [walletId, own] of byWallet) {
      const folded = foldWallet(walletId, own, read.get(walletId) ?? null);
      if (!folded) continue;
      written.push(...folded.entries);
      folds.push(folded.kinds);
    }
    await entries.upsertMany(written);
    await kinds.upsertMany(folds);
  },
};

const auracoin = (units: number) => units / 100;

export const toLedgerEntryView = (
  doc: LedgerEntryDoc,
  performerNames: ReadonlyMap<string, string> = new Map(),
): LedgerEntryView => ({
  id: doc._id,
  performerName: doc.performerId ? (performerNames.get(doc.performerId) ?? null) : null,
  euro: doc.priceCents === undefined ? null : doc.priceCents / 100,
  type: doc.type,
  amount: auracoin(doc.amount),
  reason: doc.reason,
  reference: doc.reference,
  at: doc.at,
  purchased: auracoin(doc.purchased ?? doc.amount),
  promotional: auracoin(doc.promotional ?? 0),
  purchasedBalance: auracoin(doc.purchasedBalance ?? 0),
  promotionalBalance: auracoin(doc.promotionalBalance ?? 0),
});
