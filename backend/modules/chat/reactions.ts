import type { EventStore } from '../../platform/eventstore/port';
import { creditEarnings } from '../../platform/ledger/earnings';
import type { ProjectionDefinition } from '../../platform/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';

/** Every paid message credits the performer's 55% of its price to `earnings-<performerId>`, exactly once. */
export function messageEarningsReaction(eventStore: EventStore): ProjectionDefinition {
  const credit = async (event: RecordedEvent) => {
    if (event.type !== 'MessageSent' || event.data.priceUnits === 0) return;
    const { performerId, messageId, priceUnits, sentAt } = event.data;
    await creditEarnings(eventStore, { performerId, source: 'message', sourceId: messageId, grossUnits: priceUnits }, new Date(sentAt), event.id);
  };
  return {
    name: 'reaction:message-earnings',
    collections: [],
    eventTypes: ['MessageSent'],
    apply: credit,
    /**
     * A batch's credits at once: appends to different performers' streams then share one statement
     * (the store's group commit) instead of one each; every credit keeps its fixed id, so a batch
     * seen again appends nothing new.
     */
    async applyBatch(events) {
      await Promise.all(events.map(credit));
    },
  };
}
