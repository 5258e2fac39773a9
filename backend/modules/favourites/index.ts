import type { AuraModule, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import type { RecordedEvent } from '../../platform/recorded-event';
import { FAVOURITES, createFavouriteQueries, favouritesProjection } from './projection';
import { favouritesRouter } from './routes';

export interface FavouritesDeps {
  performers: {
    isApproved(performerId: string): Promise<boolean>;
    nameOf(performerId: string): Promise<string | null>;
  };
}

/** A user's favourite performers; her fans hear when she comes online. */
export function favouritesModule(ports: ModulePorts, deps: FavouritesDeps) {
  const favourites = createFavouriteQueries(ports.readModels);
  const settled = settledOn(ports.readModels, FAVOURITES);
  return {
    name: 'favourites',
    projections: [favouritesProjection],
    routers: [
      favouritesRouter({
        ...ports,
        performerExists: deps.performers.isApproved,
        favouritesAfter: async (userId, position) => {
          await settled(position);
          return favourites.of(userId);
        },
      }),
    ],
    /** 'favourite:online' to each fan of a performer who came online */
    async pushes(events: RecordedEvent[]) {
      const online = new Map<string, boolean>();
      for (const event of events) {
        if (event.type === 'PerformerWentOnline' || event.type === 'PerformerWentOffline') online.set(event.data.performerId, event.type === 'PerformerWentOnline');
      }
      for (const [performerId, isOnline] of online) {
        if (!isOnline) continue;
        const name = await deps.performers.nameOf(performerId);
        if (name !== null) for (const userId of await favourites.fansOf(performerId)) ports.realtime.toUser(userId, 'favourite:online', { performerId, name });
      }
    },
  } satisfies AuraModule;
}
