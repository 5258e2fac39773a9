import { streams } from '@aura/contracts';
import { at, existingAdmin, packageOnSale, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
  user,
  withoutSignature,
} from '../../test/api-spec';

const spec = apiSpec({ covers: ['createPackage', 'updatePackage', 'deletePackage'] });

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const PACKAGE = '1f2e3d4c-5b6a-4798-8a1b-2c3d4e5f6a7b';

const floorAt50 = apiSpec({ covers: [], env: { AURACOIN_PRICE_FLOOR_EUR: '0.5' } });
const OFFER = '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

/** an offer of +`bonusPercent`% running since a minute, for an hour */
const runningOffer = (bonusPercent: number) =>
  existingStream(streams.offer(OFFER), [
    {
      type: 'OfferCreated',
      data: {
        offerId: OFFER,
        bonusPercent,
        startsAt: at(-60_000),
        endsAt: at(3_600_000),
        createdBy: ADMIN,
        createdAt: at(-60_000),
      },
    },
  ]);

describe('packages API', () => {
  describe('POST /api/packages', () => {
    it('an admin lists a package: euro in the request, cents in the event', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request
            .post('/api/packages', { credits: 100, bonus: 10, price: 90 })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(201, { body: { credits: 100, bonus: 10, price: 90, popular: false } }),
          ({ response, newEvents }) => {
            const packageId = (response.body as { id: string }).id;
            expect(withoutSignature(newEvents)).toMatchObject([
              {
                streamId: streams.package(packageId),
                type: 'PackageCreated',
                data: { packageId, credits: 100, bonus: 10, priceCents: 9_000, createdBy: ADMIN },
              },
            ]);
            expect(withoutSignature(newEvents)).toHaveLength(1);
          },
        ]));

    it('refuses a user', () =>
      spec
        .given(...registeredUser(BOB))
        .when((request) => request.post('/api/packages', { credits: 100, price: 9 }).as(user(BOB)))
        .then([expectError(403, 'forbidden')]));

    it('refuses a million auracoin for 1 €: under the price floor at the top tier (400 price_below_floor)', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request.post('/api/packages', { credits: 1_000_000, price: 1 }).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectError(400, 'price_below_floor', {
            priceFloor:
              'Prezzo troppo basso: nel caso peggiore un auracoin costerebbe 0,00 €, sotto il minimo di 0,40 €',
          }),
        ]));

    it('holds a package to the running offer too: 85 auracoin for 40 € is the floor alone, under it with +20%', () =>
      spec
        .given(...existingAdmin(ADMIN), runningOffer(20))
        .when((request) =>
          request.post('/api/packages', { credits: 85, price: 40 }).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(400, 'price_below_floor', { priceFloor: /0,333 €, sotto il minimo di 0,40 €$/ })]));

    it('takes a package exactly at the floor', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request.post('/api/packages', { credits: 85, price: 40 }).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectResponse(201, { body: { credits: 85, price: 40 } })]));

    it('follows AURACOIN_PRICE_FLOOR_EUR', () =>
      floorAt50
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request.post('/api/packages', { credits: 85, price: 40 }).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(400, 'price_below_floor', { priceFloor: /sotto il minimo di 0,50 €$/ })]));

    it('refuses a price of nothing', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request.post('/api/packages', { credits: 100, price: 0 }).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(400, 'validation_failed')]));
  });

  describe('PATCH /api/packages/{id}', () => {
    it('an admin changes its terms: every field as it now stands', () =>
      spec
        .given(...existingAdmin(ADMIN), packageOnSale(PACKAGE, { credits: 100, priceCents: 999 }))
        .when((request) =>
          request
            .patch(`/api/packages/${PACKAGE}`, { credits: 120, price: 110, popular: true })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(200, { body: { id: PACKAGE, credits: 120, price: 110, popular: true } }),
          expectNewEvents(streams.package(PACKAGE), [
            {
              type: 'PackageUpdated',
              data: { credits: 120, bonus: 0, priceCents: 11_000, popular: true, updatedBy: ADMIN },
            },
          ]),
        ]));

    it('refuses new terms under the floor with the running offer (a floor not evaded by changing a package)', () =>
      spec
        .given(...existingAdmin(ADMIN), packageOnSale(PACKAGE, { credits: 100, priceCents: 10_000 }), runningOffer(50))
        .when((request) =>
          request
            .patch(`/api/packages/${PACKAGE}`, { credits: 100, price: 70 })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(400, 'price_below_floor', { priceFloor: /costerebbe 0,397 €/ })]));

    it('refuses a package that does not exist', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) =>
          request
            .patch(`/api/packages/${PACKAGE}`, { credits: 120, price: 11 })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(404, 'not_found')]));
  });

  describe('DELETE /api/packages/{id}', () => {
    it('an admin takes it off sale', () =>
      spec
        .given(...existingAdmin(ADMIN), packageOnSale(PACKAGE))
        .when((request) => request.delete(`/api/packages/${PACKAGE}`).as(admin(ADMIN, { secondFactor: true })))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(streams.package(PACKAGE), [{ type: 'PackageDeleted', data: { deletedBy: ADMIN } }]),
        ]));

    it('refuses a visitor', () =>
      spec
        .given(packageOnSale(PACKAGE))
        .when((request) => request.delete(`/api/packages/${PACKAGE}`))
        .then([expectError(401, 'unauthorized')]));
  });
});
