import type { DomainEvent } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import { dataField } from '../../platform/recorded-event';
import type { ReadModelStore } from '../../platform/readmodels/port';

export const FAVOURITES = 'favourites';

export type FavouritesDoc = { _id: string; performerIds: string[] };

export function evolveFavourites(doc: FavouritesDoc | null, event: DomainEvent): FavouritesDoc | null {
  if (event.type !== 'FavouriteAdded' && event.type !== 'FavouriteRemoved') return doc;
  const current = doc ?? { _id: event.data.userId, performerIds: [] };
  const others = current.performerIds.filter((id) => id !== event.data.performerId);
  return { ...current, performerIds: event.type === 'FavouriteAdded' ? [...others, event.data.performerId] : others };
}

export const favouritesProjection = docProjection<FavouritesDoc>({
  name: FAVOURITES,
  collection: FAVOURITES,
  eventTypes: ['FavouriteAdded', 'FavouriteRemoved'],
  documentId: (event) => dataField(event, 'userId'),
  evolve: evolveFavourites,
  indexes: [{ keys: { performerIds: 1 }, options: { name: 'by_performer' } }],
});

export function createFavouriteQueries(readModels: ReadModelStore) {
  const docs = readModels.collection<FavouritesDoc>(FAVOURITES);
  return {
    async of(userId: string): Promise<string[]> {
      return (await docs.findOne({ _id: userId }))?.performerIds ?? [];
    },
    /** users who keep this performer among their favourites */
    async fansOf(performerId: string): Promise<string[]> {
      return (await docs.find({ performerIds: performerId })).map((doc) => doc._id);
    },
  };
}
