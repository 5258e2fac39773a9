import { streams } from '@aura/contracts';
import { at, existingAdmin, packageOnSale, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  existingStream,
  expectError,
  expectResponse,
  expectNewEvents,
  user,
  withoutSignature,
} from '../../test/api-spec';

const spec = apiSpec({ covers: ['createOffer', 'endOffer'] });

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const OFFER = '2a3b4c5d-6e7f-4081-9a2b-3c4d5e6f7a8b';

const DEAR = '7d2e3f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6';
const AT_FLOOR = '8e3f4a5b-6c7d-4e8f-9a01-b2c3d4e5f6a7';

const running = existingStream(streams.offer(OFFER), [
  {
    type: 'OfferCreated',
    data: {
      offerId: OFFER,
      bonusPercent: 20,
      startsAt: at(-60_000),
      endsAt: at(3_600_000),
      createdBy: ADMIN,
      createdAt: at(-60_000),
    },
  },
]);

describe('offers API', () => {
  describe('POST /api/offers', () => {
    it('an admin starts an offer: from now, for its minutes', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request
            .post('/api/offers', { bonusPercent: 25, durationMinutes: 60 })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(201, { body: { bonusPercent: 25, startsAt: at(), endsAt: at(3_600_000) } }),
          ({ response, newEvents }) => {
            const offerId = (response.body as { id: string }).id;
            expect(withoutSignature(newEvents)).toMatchObject([
              {
                streamId: streams.offer(offerId),
                type: 'OfferCreated',
                data: { offerId, bonusPercent: 25, startsAt: at(), endsAt: at(3_600_000), createdBy: ADMIN },
              },
            ]);
            expect(withoutSignature(newEvents)).toHaveLength(1);
          },
        ]));

    it('refuses an offer that would take a package on sale under the price floor (400 price_below_floor)', () =>
      spec
        .given(
          ...existingAdmin(ADMIN),
          packageOnSale(DEAR, { credits: 100, priceCents: 10_000 }),
          packageOnSale(AT_FLOOR, { credits: 85, priceCents: 4_000 }),
        )
        .when((request) =>
          request
            .post('/api/offers', { bonusPercent: 10, durationMinutes: 60 })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectError(400, 'price_below_floor', {
            priceFloor:
              'Prezzo troppo basso: nel caso peggiore un auracoin costerebbe 0,364 €, sotto il minimo di 0,40 €',
          }),
        ]));

    it('takes an offer every package on sale still holds the floor with', () =>
      spec
        .given(...existingAdmin(ADMIN), packageOnSale(DEAR, { credits: 100, priceCents: 10_000 }))
        .when((request) =>
          request
            .post('/api/offers', { bonusPercent: 100, durationMinutes: 60 })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectResponse(201, { body: { bonusPercent: 100 } })]));

    it('refuses a user', () =>
      spec
        .given(...registeredUser(BOB))
        .when((request) => request.post('/api/offers', { bonusPercent: 25 }).as(user(BOB)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/offers/{id}/end', () => {
    it('an admin ends a running offer early', () =>
      spec
        .given(...existingAdmin(ADMIN), running)
        .when((request) => request.post(`/api/offers/${OFFER}/end`).as(admin(ADMIN, { secondFactor: true })))
        .then([
          expectResponse(200, { body: { id: OFFER } }),
          expectNewEvents(streams.offer(OFFER), [
            { type: 'OfferEnded', data: { offerId: OFFER, endedBy: ADMIN, endedAt: at() } },
          ]),
        ]));

    it('refuses an offer that does not exist', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) => request.post(`/api/offers/${OFFER}/end`).as(admin(ADMIN, { secondFactor: true })))
        .then([expectError(404, 'not_found')]));
  });
});
