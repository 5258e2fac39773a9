import type { CommandSide, ModulePorts } from '../../kernel/module';
import { favouritesRouter } from './routes';

/** What the favourites' routes read of other sides (entry hands it over). */
export interface FavouritesDeps {
  performers: { isApproved(performerId: string): Promise<boolean> };
  /** the favourites read side: a user's favourites once written */
  favourites: { after(userId: string, position: number | undefined): Promise<string[]> };
}

/** A user adds and removes favourite performers. */
export function favouritesCommands(ports: ModulePorts, deps: FavouritesDeps) {
  return {
    name: 'favourites',
    routers: [
      favouritesRouter({
        ...ports,
        now: ports.clock.now,
        performerExists: deps.performers.isApproved,
        favouritesAfter: deps.favourites.after,
      }),
    ],
  } satisfies CommandSide;
}
