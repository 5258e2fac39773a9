import type { EventStore } from '../../platform/eventstore/port';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';
import { creditEarningsTogether } from './credit';
import { saleOf, type SALE_EVENT_TYPES } from './sales';

/**
 * The one earnings credit: every sale of these event types credits the performer's share to
 * `earnings-<performerId>`, exactly once (a fixed id per sale), with the event that made it as
 * the cause. A batch credits each performer in one append, in order (./credit.ts).
 */
export function earningsCreditReaction(
  name: string,
  eventTypes: readonly (typeof SALE_EVENT_TYPES)[number][],
  eventStore: EventStore,
): ProjectionDefinition {
  const credit = async (events: RecordedEvent[]) => {
    const sales = events.flatMap((event) => {
      const made = saleOf(event);
      return made ? [{ sale: made.sale, at: made.at, causationId: event.id }] : [];
    });
    if (sales.length > 0) await creditEarningsTogether(eventStore, sales);
  };
  return { name, collections: [], eventTypes, apply: (event) => credit([event]), applyBatch: credit };
}
