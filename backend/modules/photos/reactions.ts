import type { EventStore } from '../../platform/eventstore/port';
import { creditEarnings } from '../../platform/ledger/earnings';
import type { ProjectionDefinition } from '../../platform/projections/runner';
import { photoSale } from './photo';

/** Every PhotoPurchased credits the performer's 55% share to `earnings-<performerId>`, exactly once. */
export function photoEarningsReaction(eventStore: EventStore): ProjectionDefinition {
  return {
    name: 'reaction:photo-earnings',
    collections: [],
    eventTypes: ['PhotoPurchased'],
    async apply(event) {
      if (event.type !== 'PhotoPurchased') return;
      await creditEarnings(eventStore, photoSale(event.data), new Date(event.data.purchasedAt), event.id);
    },
  };
}
