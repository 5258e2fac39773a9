import { performerShareOfPartCents, performerStreams, type DomainEvent, type EventDataOf } from '@aura/contracts';
import type { EventStore } from '../eventstore/port';
import { deterministicId } from '../ids';

export type EarningsSource = EventDataOf<'PerformerEarningsCredited'>['source'];

/** A sale that earns the performer her share: a photo purchase, a billed session minute, a paid message. */
export interface Sale {
  performerId: string;
  source: EarningsSource;
  /** the purchase, session or message id */
  sourceId: string;
  /** what the buyer paid, auracoin minor units */
  grossUnits: number;
  /** for a sale billed in parts (a session's minutes): what its earlier parts came to, so the sale rounds once */
  grossBeforeUnits?: number;
}

/** The performer's 55% of a sale, in euro cents, by the one share rule (contracts/src/rules/share.ts). */
export function earningsCredited(sale: Sale, at: Date): DomainEvent {
  return {
    type: 'PerformerEarningsCredited',
    data: {
      performerId: sale.performerId,
      source: sale.source,
      sourceId: sale.sourceId,
      grossUnits: sale.grossUnits,
      shareCents: performerShareOfPartCents(sale.grossBeforeUnits ?? 0, sale.grossUnits),
      creditedAt: at.toISOString(),
    },
  };
}

/** Fixed id of a sale's credit: crediting the same sale twice is a no-op. */
export const earningsEventId = (source: EarningsSource, sourceId: string) => deterministicId(`earnings:${source}:${sourceId}`);

/**
 * Credits a sale's share to `earnings-<performerId>` exactly once: the event's id and data are
 * fixed by the sale, so a replayed reaction or a retried batch appends nothing new.
 */
export async function creditEarnings(eventStore: EventStore, sale: Sale, at: Date, causationId: string): Promise<void> {
  const credit = earningsCredited(sale, at);
  await eventStore.appendToStream(
    performerStreams.earnings(sale.performerId),
    [{ id: earningsEventId(sale.source, sale.sourceId), type: credit.type, data: credit.data, metadata: { causationId } }],
    { expectedRevision: 'any' },
  );
}
