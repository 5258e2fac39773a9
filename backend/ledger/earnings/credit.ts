import { performerShareOfPartCents, performerStreams, type DomainEvent, type EventDataOf } from '@aura/contracts';
import { DuplicateEventIdError, type EventStore, type EventToAppend } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { appendOnce } from '../append-once';

export type EarningsSource = EventDataOf<'PerformerEarningsCredited'>['source'];

/** A sale that earns the performer her share: a photo purchase, a billed session minute, a paid message (./sales.ts). */
export interface Sale {
  performerId: string;
  source: EarningsSource;
  /** the purchase, session or message id */
  sourceId: string;
  /** what the buyer paid, auracoin minor units */
  grossUnits: number;
  /** for a sale billed in parts (a session's minutes): what its earlier parts came to, so the sale rounds once */
  grossBeforeUnits?: number;
  /**
   * of the gross, what was paid with purchased units: the share is earned on this part only
   * (docs/architecture.md#promotional-units). Undefined for a sale recorded before the split: its
   * share was, and stays, on the whole gross.
   */
  purchasedUnits?: number;
  /** for a sale billed in parts: what its earlier parts came to in purchased units */
  purchasedBeforeUnits?: number;
}

/**
 * The performer's share of a sale, euro cents: the one share rule (contracts/src/rules/share.ts)
 * on the purchased part of it, rounded once over a sale billed in parts. A sale recorded before
 * the split earns on its whole gross, as it was credited then.
 */
export function saleShareCents(sale: Sale): number {
  if (sale.purchasedUnits === undefined) return performerShareOfPartCents(sale.grossBeforeUnits ?? 0, sale.grossUnits);
  return performerShareOfPartCents(sale.purchasedBeforeUnits ?? 0, sale.purchasedUnits);
}

/** The performer's 55% of the purchased part of a sale, in euro cents, by the one share rule (`saleShareCents`). */
export function earningsCredited(sale: Sale, at: Date): DomainEvent {
  return {
    type: 'PerformerEarningsCredited',
    data: {
      performerId: sale.performerId,
      source: sale.source,
      sourceId: sale.sourceId,
      grossUnits: sale.grossUnits,
      ...(sale.purchasedUnits === undefined ? {} : { purchasedUnits: sale.purchasedUnits }),
      shareCents: saleShareCents(sale),
      creditedAt: at.toISOString(),
    },
  };
}

/** Fixed id of a sale's credit: crediting the same sale twice is a no-op. */
export const earningsEventId = (source: EarningsSource, sourceId: string) =>
  deterministicId(`earnings:${source}:${sourceId}`);

/**
 * Credits a sale's share to `earnings-<performerId>` exactly once: the event's id and data are
 * fixed by the sale, so a replayed reaction or a retried batch appends nothing new.
 */
export async function creditEarnings(eventStore: EventStore, sale: Sale, at: Date, causationId: string): Promise<void> {
  await appendOnce(eventStore, performerStreams.earnings(sale.performerId), [creditToAppend(sale, at, causationId)]);
}

/** A sale's credit as one event to append: its fixed id, and the event that caused it. */
function creditToAppend(sale: Sale, at: Date, causationId: string): EventToAppend {
  const credit = earningsCredited(sale, at);
  return {
    id: earningsEventId(sale.source, sale.sourceId),
    type: credit.type,
    data: credit.data,
    metadata: { causationId },
  };
}

/** at most this many credits in one append */
const CREDITS_PER_APPEND = 500;

/**
 * Many sales' credits (a projector batch's), each exactly once: one append per performer with all
 * of hers, instead of one each (appends to one stream cannot share a statement, so hers would
 * commit one after the other). When some of them are stored already (the batch seen again after
 * a crash), a store with unique event ids refuses the append whole and hers are credited one by
 * one, each a no-op if it is there; on the others appendOnce leaves out those it finds.
 */
export async function creditEarningsTogether(
  eventStore: EventStore,
  credits: readonly { sale: Sale; at: Date; causationId: string }[],
): Promise<void> {
  const byPerformer = new Map<string, (typeof credits)[number][]>();
  for (const credit of credits) {
    const hers = byPerformer.get(credit.sale.performerId);
    if (hers) hers.push(credit);
    else byPerformer.set(credit.sale.performerId, [credit]);
  }
  await Promise.all(
    [...byPerformer].map(async ([performerId, hers]) => {
      for (let start = 0; start < hers.length; start += CREDITS_PER_APPEND)
        await creditHers(eventStore, performerId, hers.slice(start, start + CREDITS_PER_APPEND));
    }),
  );
}

/**
 * One performer's credits in one append. A refusal for ids stored before names them: the rest go
 * in one more append (a replay after a crash meets thousands of such batches, and one by one each
 * credit cost two round trips). Should that not shrink what is left, they go one by one.
 */
async function creditHers(
  eventStore: EventStore,
  performerId: string,
  credits: readonly { sale: Sale; at: Date; causationId: string }[],
): Promise<void> {
  let left = credits.map(({ sale, at, causationId }) => creditToAppend(sale, at, causationId));
  while (left.length > 0) {
    try {
      await appendOnce(eventStore, performerStreams.earnings(performerId), left);
      return;
    } catch (error) {
      if (!(error instanceof DuplicateEventIdError) || left.length === 1) throw error;
      const stored = new Set(error.eventIds.map((id) => id.toLowerCase()));
      const rest = left.filter((event) => !stored.has(event.id.toLowerCase()));
      if (rest.length === 0 || rest.length === left.length) {
        // each alone, so that each is answered as stored or refused on its own
        for (const event of left) await appendOnce(eventStore, performerStreams.earnings(performerId), [event]);
        return;
      }
      left = rest;
    }
  }
}
