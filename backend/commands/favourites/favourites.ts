import type { DomainEvent } from '@aura/contracts';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/** A signed-in user's favourite performers (stream `favourites-<userId>`). */
export type Favourites = { performerIds: string[] };

export const favourites: Aggregate<Favourites> = {
  initialState: () => ({ performerIds: [] }),
  evolve(state, event) {
    if (event.type === 'FavouriteAdded')
      return {
        performerIds: [...state.performerIds.filter((id) => id !== event.data.performerId), event.data.performerId],
      };
    if (event.type === 'FavouriteRemoved')
      return { performerIds: state.performerIds.filter((id) => id !== event.data.performerId) };
    return state;
  },
};

/** Every command of a user's favourites goes through this handler. */
export const handleFavourites = commandHandler(favourites);

export function decideFavourite(
  command: { userId: string; performerId: string; favourite: boolean },
  state: Favourites,
  now: Date,
): DomainEvent[] {
  const has = state.performerIds.includes(command.performerId);
  const data = { userId: command.userId, performerId: command.performerId, at: now.toISOString() };
  if (command.favourite) return has ? [] : [{ type: 'FavouriteAdded', data }];
  return has ? [{ type: 'FavouriteRemoved', data }] : [];
}
