import type { EventStore } from '../../platform/eventstore/port';
import { creditEarnings, creditEarningsTogether, type Sale } from '../../platform/ledger/earnings';
import type { ProjectionDefinition } from '../../platform/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';

const messageSale = (data: Extract<RecordedEvent, { type: 'MessageSent' }>['data']): Sale => ({
  performerId: data.performerId, source: 'message', sourceId: data.messageId, grossUnits: data.priceUnits,
});

/** Every paid message credits the performer's 55% of its price to `earnings-<performerId>`, exactly once. */
export function messageEarningsReaction(eventStore: EventStore): ProjectionDefinition {
  const credit = async (event: RecordedEvent) => {
    if (event.type !== 'MessageSent' || event.data.priceUnits === 0) return;
    await creditEarnings(eventStore, messageSale(event.data), new Date(event.data.sentAt), event.id);
  };
  return {
    name: 'reaction:message-earnings',
    collections: [],
    eventTypes: ['MessageSent'],
    apply: credit,
    /**
     * A batch's credits at once: one append per performer, and the performers' appends share one
     * statement (the store's group commit); every credit keeps its fixed id, so a batch seen again
     * appends nothing new.
     */
    async applyBatch(events) {
      const paid = events.flatMap((event) => (event.type === 'MessageSent' && event.data.priceUnits > 0 ? [event] : []));
      await creditEarningsTogether(
        eventStore,
        paid.map((event) => ({ sale: messageSale(event.data), at: new Date(event.data.sentAt), causationId: event.id })),
      );
    },
  };
}
