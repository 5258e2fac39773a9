import { performerStreams } from '@aura/contracts';
import { at, existingAdmin, existingPerformer, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
  user,
} from '../../test/api-spec';

const spec = apiSpec({ covers: ['addFavourite', 'removeFavourite'] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';

const luna = existingPerformer(LUNA, { username: 'luna' });
const bobLikesLuna = existingStream(performerStreams.favourites(BOB), [
  { type: 'FavouriteAdded', data: { userId: BOB, performerId: LUNA, at: at(-60_000) } },
]);

describe('favourites API', () => {
  describe('PUT /api/favourites/{id}', () => {
    it('he adds her to his favourites', () =>
      spec
        .given(...luna, ...registeredUser(BOB))
        .when((request) => request.put(`/api/favourites/${LUNA}`).as(user(BOB)))
        .then([
          expectResponse(200, { body: { performerIds: [LUNA] } }),
          expectNewEvents(performerStreams.favourites(BOB), [
            { type: 'FavouriteAdded', data: { userId: BOB, performerId: LUNA } },
          ]),
        ]));

    it('refuses a performer who does not exist', () =>
      spec
        .given(...registeredUser(BOB))
        .when((request) => request.put(`/api/favourites/${LUNA}`).as(user(BOB)))
        .then([expectError(404, 'not_found')]));

    it('refuses an admin (only users have favourites)', () =>
      spec
        .given(...luna, ...existingAdmin(ADMIN))
        .when((request) => request.put(`/api/favourites/${LUNA}`).as(admin(ADMIN)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('DELETE /api/favourites/{id}', () => {
    it('he removes her', () =>
      spec
        .given(...luna, ...registeredUser(BOB), bobLikesLuna)
        .when((request) => request.delete(`/api/favourites/${LUNA}`).as(user(BOB)))
        .then([
          expectResponse(200, { body: { performerIds: [] } }),
          expectNewEvents(performerStreams.favourites(BOB), [
            { type: 'FavouriteRemoved', data: { performerId: LUNA } },
          ]),
        ]));

    it('refuses a visitor', () =>
      spec
        .given(...luna)
        .when((request) => request.delete(`/api/favourites/${LUNA}`))
        .then([expectError(401, 'unauthorized')]));
  });
});
