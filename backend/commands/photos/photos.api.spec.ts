import { performerStreams, streams } from '@aura/contracts';
import { existingPerformer, photoOnSale, registeredUser } from '../../test/api-fixtures';
import { apiSpec, expectError, expectNewEvents, expectResponse, performer, user } from '../../test/api-spec';

const spec = apiSpec({ covers: ['addPhoto', 'deletePhoto', 'purchasePhoto'] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const PHOTO = '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e';

const luna = existingPerformer(LUNA, { username: 'luna' });
const lunasPhoto = photoOnSale(PHOTO, LUNA);

describe('photos API', () => {
  describe('POST /api/performers/{id}/photos', () => {
    it('she puts a photo on sale, in review until an admin approves it: a picture by URL is fetched into storage', () =>
      spec
        .given(...luna)
        .when((request) =>
          request
            .post(`/api/performers/${LUNA}/photos`, {
              imageUrl: 'https://example.com/tramonto.png',
              title: 'Tramonto',
              price: 5,
            })
            .as(performer(LUNA)),
        )
        .then([
          expectResponse(201, { body: { performerId: LUNA, title: 'Tramonto', price: 5, review: 'in_revisione' } }),
          ({ response, newEvents }) => {
            const photoId = (response.body as { id: string }).id;
            expect(newEvents).toMatchObject([
              {
                streamId: performerStreams.photo(photoId),
                type: 'PhotoAdded',
                data: {
                  performerId: LUNA,
                  priceUnits: 500,
                  imageUrl: expect.stringMatching(/^\/api\/files\/public\//),
                  inReview: true,
                },
              },
            ]);
          },
        ]));

    it("refuses another performer's gallery", () =>
      spec
        .given(...luna, ...existingPerformer(SOLE))
        .when((request) =>
          request
            .post(`/api/performers/${LUNA}/photos`, { imageUrl: 'https://example.com/tramonto.png', title: 'Tramonto' })
            .as(performer(SOLE)),
        )
        .then([expectError(403, 'forbidden')]));
  });

  describe('DELETE /api/photos/{id}', () => {
    it('she takes it off sale', () =>
      spec
        .given(...luna, lunasPhoto)
        .when((request) => request.delete(`/api/photos/${PHOTO}`).as(performer(LUNA)))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(performerStreams.photo(PHOTO), [
            { type: 'PhotoRemoved', data: { photoId: PHOTO, performerId: LUNA } },
          ]),
        ]));

    it("refuses another performer's photo", () =>
      spec
        .given(...luna, ...existingPerformer(SOLE), lunasPhoto)
        .when((request) => request.delete(`/api/photos/${PHOTO}`).as(performer(SOLE)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/photos/{id}/purchase', () => {
    it('he buys it at the price he saw: the purchase, then its debit, on his wallet', () =>
      spec
        .given(...luna, lunasPhoto, ...registeredUser(BOB, { auracoin: 10 }))
        .when((request) =>
          request
            .post(`/api/photos/${PHOTO}/purchase`, { expectedPrice: 5 })
            .header('idempotency-key', 'photo-1')
            .as(user(BOB)),
        )
        .then([
          expectResponse(201, { body: { auracoinBalance: 5, photo: { id: PHOTO } } }),
          expectNewEvents(streams.wallet(BOB), [
            { type: 'PhotoPurchased', data: { photoId: PHOTO, performerId: LUNA, priceUnits: 500 } },
            { type: 'AuracoinDebited', data: { amount: 500, reason: 'photo', reference: PHOTO } },
          ]),
        ]));

    it('refuses him when his wallet cannot pay it', () =>
      spec
        .given(...luna, lunasPhoto, ...registeredUser(BOB, { auracoin: 2 }))
        .when((request) =>
          request
            .post(`/api/photos/${PHOTO}/purchase`, { expectedPrice: 5 })
            .header('idempotency-key', 'photo-1')
            .as(user(BOB)),
        )
        .then([expectError(400, 'insufficient_balance')]));

    it('refuses a price other than the one he saw', () =>
      spec
        .given(...luna, lunasPhoto, ...registeredUser(BOB, { auracoin: 10 }))
        .when((request) =>
          request
            .post(`/api/photos/${PHOTO}/purchase`, { expectedPrice: 4 })
            .header('idempotency-key', 'photo-1')
            .as(user(BOB)),
        )
        .then([expectError(409, 'price_changed'), expectResponse(409, { body: { currentPrice: 5 } })]));
  });
});
