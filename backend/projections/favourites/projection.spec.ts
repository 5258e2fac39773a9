import type { DomainEvent } from '@aura/contracts';
import { evolveFavourites, type FavouritesDoc } from './projection';

const userId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const a = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const b = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const ev = (type: 'FavouriteAdded' | 'FavouriteRemoved', performerId: string): DomainEvent => ({
  type,
  data: { userId, performerId, at: '2026-11-20T10:00:00.000Z' },
});

describe('favourites read model', () => {
  it('keeps the set of favourites', () => {
    const doc = [
      ev('FavouriteAdded', a),
      ev('FavouriteAdded', b),
      ev('FavouriteAdded', a),
      ev('FavouriteRemoved', b),
    ].reduce<FavouritesDoc | null>(evolveFavourites, null);
    expect(doc).toEqual({ _id: userId, performerIds: [a] });
  });
});
