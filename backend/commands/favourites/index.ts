import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { FAVOURITES, createFavouriteQueries } from '../../projections/favourites/projection';
import { favouritesRouter } from './routes';

export interface FavouritesDeps {
  performers: { isApproved(performerId: string): Promise<boolean> };
}

/** A user adds and removes favourite performers. */
export function favouritesCommands(ports: ModulePorts, deps: FavouritesDeps) {
  const favourites = createFavouriteQueries(ports.readModels);
  const settled = settledOn(ports.readModels, FAVOURITES);
  return {
    name: 'favourites',
    routers: [
      favouritesRouter({
        ...ports,
        now: ports.clock.now,
        performerExists: deps.performers.isApproved,
        favouritesAfter: async (userId, position) => {
          await settled(position);
          return favourites.of(userId);
        },
      }),
    ],
  } satisfies CommandSide;
}
