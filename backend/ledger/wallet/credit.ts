import { streams, type DomainEvent } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { appendOnce } from '../append-once';

/** A credit to a wallet, named by what it is for: the same name is the same credit, stored once. */
export interface WalletCredit {
  /** e.g. `welcome-credit:<userId>`, `purchase-settlement:<purchaseId>:<n>` */
  name: string;
  event: DomainEvent;
}

/**
 * Credits a wallet (a welcome bonus; a paid card purchase's AuracoinPurchased and
 * AuracoinCredited): each event's id is fixed by its name, so a repeated or recovered call writes
 * nothing new.
 */
export async function creditWallet(
  eventStore: EventStore,
  walletId: string,
  credits: readonly WalletCredit[],
  metadata: Record<string, unknown>,
) {
  return appendOnce(
    eventStore,
    streams.wallet(walletId),
    credits.map(({ name, event }) => ({ id: deterministicId(name), type: event.type, data: event.data, metadata })),
  );
}
