import { performerStreams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import type { ProjectionDefinition } from '../../platform/projections/runner';
import { photoEarnings, photoEarningsEventName } from './photo';

/**
 * Every PhotoPurchased credits the performer's 55% share to `earnings-<performerId>`, exactly once:
 * the credit's event id is fixed by the purchase and its data by the purchase too, so a replay or
 * a retried batch appends nothing new.
 */
export function photoEarningsReaction(eventStore: EventStore): ProjectionDefinition {
  return {
    name: 'reaction:photo-earnings',
    collections: [],
    eventTypes: ['PhotoPurchased'],
    async apply(event) {
      if (event.type !== 'PhotoPurchased') return;
      const purchase = event.data;
      const credit = photoEarnings(purchase, new Date(purchase.purchasedAt));
      await eventStore.appendToStream(
        performerStreams.earnings(purchase.performerId),
        [{ id: deterministicId(photoEarningsEventName(purchase.purchaseId)), type: credit.type, data: credit.data, metadata: { causationId: event.id } }],
        { expectedRevision: 'any' },
      );
    },
  };
}
