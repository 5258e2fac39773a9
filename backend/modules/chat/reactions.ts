import type { EventStore } from '../../platform/eventstore/port';
import { creditEarnings } from '../../platform/ledger/earnings';
import type { ProjectionDefinition } from '../../platform/projections/runner';

/** Every paid message credits the performer's 55% of its price to `earnings-<performerId>`, exactly once. */
export function messageEarningsReaction(eventStore: EventStore): ProjectionDefinition {
  return {
    name: 'reaction:message-earnings',
    collections: [],
    eventTypes: ['MessageSent'],
    async apply(event) {
      if (event.type !== 'MessageSent' || event.data.priceUnits === 0) return;
      const { performerId, messageId, priceUnits, sentAt } = event.data;
      await creditEarnings(eventStore, { performerId, source: 'message', sourceId: messageId, grossUnits: priceUnits }, new Date(sentAt), event.id);
    },
  };
}
