import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import type { RecordedEvent } from '../../platform/recorded-event';
import { createFavouriteQueries, FAVOURITES, favouritesProjection } from './projection';

export interface FavouritesReadDeps {
  performers: { nameOf(performerId: string): Promise<string | null> };
}

/** A user's favourite performers as read; her fans hear when she comes online. */
export function favouritesReadSide(ports: ModulePorts, deps: FavouritesReadDeps) {
  const favourites = createFavouriteQueries(ports.readModels);
  const settled = settledOn(ports.readModels, FAVOURITES);
  return {
    name: 'favourites',
    projections: [favouritesProjection],
    queries: {
      /** a user's favourites once the favourites read model has applied `position` (read-your-writes) */
      async after(userId: string, position: number | undefined) {
        await settled(position);
        return favourites.of(userId);
      },
    },
    /** 'favourite:online' to each fan of a performer who came online */
    async pushes(events: RecordedEvent[]) {
      const online = new Map<string, boolean>();
      for (const event of events) {
        if (event.type === 'PerformerWentOnline' || event.type === 'PerformerWentOffline')
          online.set(event.data.performerId, event.type === 'PerformerWentOnline');
      }
      for (const [performerId, isOnline] of online) {
        if (!isOnline) continue;
        const name = await deps.performers.nameOf(performerId);
        if (name !== null)
          for (const userId of await favourites.fansOf(performerId))
            ports.realtime.toUser(userId, 'favourite:online', { performerId, name });
      }
    },
  } satisfies ReadSide & Record<string, unknown>;
}
