import { adminMfaStreams, streams } from '@aura/contracts';
import { at, existingAdmin, existingPerformer, photoOnSale, registeredUser } from '../../test/api-fixtures';
import { admin, apiSpec, existingStream, expectError, expectNewEventTypes, expectResponse } from '../../test/api-spec';

const spec = apiSpec({ covers: ['issueRefund'] });

const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const PHOTO = '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e';
const SALE = '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const CARD = 'ad0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';
const DISPUTE = 'be1f2a3b-4c5d-4e6f-9a7b-8c9d0e1f2a3b';

/** Bob bought Luna's photo an hour ago for 5 auracoin (of his welcome coins) */
const photoSold = [
  photoOnSale(PHOTO, LUNA, { addedAt: at(-7_200_000) }),
  existingStream(streams.wallet(BOB), [
    {
      type: 'PhotoPurchased',
      data: {
        purchaseId: SALE,
        walletId: BOB,
        photoId: PHOTO,
        performerId: LUNA,
        priceUnits: 500,
        purchasedUnits: 0,
        promotionalUnits: 500,
        purchasedAt: at(-3_600_000),
      },
    },
    {
      type: 'AuracoinDebited',
      data: {
        walletId: BOB,
        amount: 500,
        reason: 'photo',
        reference: PHOTO,
        purchasedAmount: 0,
        promotionalAmount: 500,
        debitedAt: at(-3_600_000),
      },
    },
  ]),
];

describe('refunds API', () => {
  describe('POST /api/admin/refunds (a fresh second factor)', () => {
    it('an admin with a fresh code refunds a photo sale whole, on his wallet', () =>
      spec
        .given(
          ...existingAdmin(ADMIN),
          ...existingPerformer(LUNA),
          ...registeredUser(BOB, { auracoin: 10 }),
          ...photoSold,
        )
        .when((request) =>
          request
            .post('/api/admin/refunds', { kind: 'photo', id: SALE, reason: 'Foto sfocata' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(201, {
            body: { kind: 'photo', saleId: SALE, userId: BOB, performerId: LUNA, amount: 5, reason: 'Foto sfocata' },
          }),
          ({ newEvents }) =>
            expect(newEvents.find((event) => event.streamId === streams.wallet(BOB))).toMatchObject({
              type: 'SaleRefunded',
              data: { kind: 'photo', saleId: SALE, amount: 500, promotionalAmount: 500, adminId: ADMIN },
            }),
        ]));

    it('refuses (409 sale_disputed) a sale paid by a card purchase whose dispute is open, and records nothing', () =>
      spec
        .given(
          ...existingAdmin(ADMIN),
          ...existingPerformer(LUNA),
          ...registeredUser(BOB, { auracoin: 10 }),
          photoSold[0]!,
          existingStream(streams.wallet(BOB), [
            {
              type: 'AuracoinCredited',
              data: { walletId: BOB, amount: 500, reason: 'purchase', purchaseId: CARD, creditedAt: at(-7_200_000) },
            },
            {
              type: 'PhotoPurchased',
              data: {
                purchaseId: SALE,
                walletId: BOB,
                photoId: PHOTO,
                performerId: LUNA,
                priceUnits: 500,
                purchasedUnits: 500,
                promotionalUnits: 0,
                purchasedAt: at(-3_600_000),
              },
            },
            {
              type: 'AuracoinDebited',
              data: {
                walletId: BOB,
                amount: 500,
                reason: 'photo',
                reference: PHOTO,
                purchasedAmount: 500,
                promotionalAmount: 0,
                debitedAt: at(-3_600_000),
              },
            },
            {
              type: 'WalletFrozen',
              data: {
                walletId: BOB,
                disputeId: DISPUTE,
                purchaseId: CARD,
                lockedUnits: 0,
                trace: [],
                frozenAt: at(-60_000),
              },
            },
          ]),
        )
        .when((request) =>
          request
            .post('/api/admin/refunds', { kind: 'photo', id: SALE, reason: 'Foto sfocata' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectError(409, 'sale_disputed', { allowNewEvents: true }),
          expectNewEventTypes([`${adminMfaStreams.mfa(ADMIN)} AdminMfaCodeUsed`]),
        ]));

    it('refuses a sale that was never made', () =>
      spec
        .given(...existingAdmin(ADMIN), ...registeredUser(BOB, { auracoin: 10 }))
        .when((request) =>
          request
            .post('/api/admin/refunds', { kind: 'photo', id: SALE, reason: 'Foto sfocata' })
            .as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectError(404, 'sale_not_found', { allowNewEvents: true }),
          // her code was spent at the door, before the refund was refused
          expectNewEventTypes([`${adminMfaStreams.mfa(ADMIN)} AdminMfaCodeUsed`]),
        ]));
  });
});
