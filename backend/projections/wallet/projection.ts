import type { LedgerEntryView } from '@aura/contracts';
import { balanceDelta } from '../../ledger';
import type { StoredEvent } from '../../platform/eventstore/port';
import type { ProjectionDefinition } from '../../platform/projections/runner';
import { recorded } from '../../platform/recorded-event';

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
export function toLedgerEntry(stored: StoredEvent): LedgerEntryDoc | undefined {
  const event = recorded(stored);
  if (!event) return undefined;
  const entry = { _id: event.id, position: event.position, amount: balanceDelta(event) };
  switch (event.type) {
    case 'AuracoinCredited':
      return { ...entry, walletId: event.data.walletId, type: event.type, reason: event.data.reason, reference: event.data.purchaseId ?? null, at: event.data.creditedAt };
    case 'AuracoinDebited':
      return { ...entry, walletId: event.data.walletId, type: event.type, reason: event.data.reason, reference: event.data.reference, at: event.data.debitedAt };
    case 'AuracoinAdjusted':
      return { ...entry, walletId: event.data.walletId, type: event.type, reason: 'adjustment', reference: null, at: event.data.adjustedAt };
    default:
      return undefined;
  }
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
