import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { decideFavourite, favourites } from './favourites';

const now = new Date('2026-11-20T10:00:00.000Z');
const userId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const added: DomainEvent = { type: 'FavouriteAdded', data: { userId, performerId, at: now.toISOString() } };

describe('favourites decider', () => {
  const spec = deciderSpec(favourites);
  it('adds once', () => {
    spec
      .given([])
      .when((s) => decideFavourite({ userId, performerId, favourite: true }, s, now))
      .then([added]);
    spec
      .given([added])
      .when((s) => decideFavourite({ userId, performerId, favourite: true }, s, now))
      .then([]);
  });
  it('removes only what is there', () => {
    spec
      .given([added])
      .when((s) => decideFavourite({ userId, performerId, favourite: false }, s, now))
      .then([{ type: 'FavouriteRemoved', data: { userId, performerId, at: now.toISOString() } }]);
    spec
      .given([])
      .when((s) => decideFavourite({ userId, performerId, favourite: false }, s, now))
      .then([]);
  });
});
