import { balanceDelta, type LedgerEntryView } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import type { ProjectionDefinition } from '../../platform/projections/runner';

/** One document per money movement on a wallet: the statement a user (or an admin) reads. */
export const WALLET_LEDGER = 'wallet-ledger';

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
};

const MONEY = ['AuracoinCredited', 'AuracoinDebited', 'AuracoinAdjusted'] as const;

/** The entry an event makes (pure); undefined for events that move no money. */
export function toLedgerEntry(event: StoredEvent): LedgerEntryDoc | undefined {
  if (!(MONEY as readonly string[]).includes(event.type)) return undefined;
  const data = event.data as Record<string, unknown>;
  const at = (data.creditedAt ?? data.debitedAt ?? data.adjustedAt) as string;
  return {
    _id: event.id,
    walletId: data.walletId as string,
    type: event.type as LedgerEntryDoc['type'],
    amount: balanceDelta(event),
    reason: event.type === 'AuracoinAdjusted' ? 'adjustment' : String(data.reason),
    reference: typeof data.reference === 'string' ? data.reference : typeof data.purchaseId === 'string' ? data.purchaseId : null,
    at,
    position: event.position,
  };
}

/** Entries are keyed by event id, so applying an event twice writes the same document. */
export const walletLedgerProjection: ProjectionDefinition = {
  name: WALLET_LEDGER,
  collections: [WALLET_LEDGER],
  eventTypes: MONEY,
  indexes: [{ collection: WALLET_LEDGER, keys: { walletId: 1, position: -1 }, options: { name: 'by_wallet' } }],
  async apply(event, store) {
    const entry = toLedgerEntry(event);
    if (entry) await store.collection<LedgerEntryDoc>(WALLET_LEDGER).replaceOne({ _id: entry._id }, entry, { upsert: true });
  },
};

export const toLedgerEntryView = (doc: LedgerEntryDoc): LedgerEntryView => ({
  id: doc._id,
  type: doc.type,
  amount: doc.amount / 100,
  reason: doc.reason,
  reference: doc.reference,
  at: doc.at,
});
