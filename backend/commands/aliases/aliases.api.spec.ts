import { auracoinToUnits, streams } from '@aura/contracts';
import { at, existingAdmin, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
  user,
} from '../../test/api-spec';

const spec = apiSpec({ covers: ['createAlias', 'deleteAlias'] });

const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const CARLA = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const ALIAS = 'c0ffee00-1234-4abc-8def-0123456789ab';

/** Bob bought the alias "Lupo" with 50 of his coins. */
const bobsAlias = existingStream(streams.wallet(BOB), [
  {
    type: 'AliasPurchased',
    data: { aliasId: ALIAS, userId: BOB, aliasName: 'Lupo', price: auracoinToUnits(50), purchasedAt: at(-30_000) },
  },
  {
    type: 'AuracoinDebited',
    data: { walletId: BOB, amount: auracoinToUnits(50), reason: 'alias', reference: ALIAS, debitedAt: at(-30_000) },
  },
]);

describe('aliases API', () => {
  describe('POST /api/users/{userId}/aliases', () => {
    it('he buys an alias with 50 of his coins: the purchase, then its debit, on his wallet', () =>
      spec
        .given(...registeredUser(BOB, { auracoin: 60 }))
        .when((request) => request.post(`/api/users/${BOB}/aliases`, { aliasName: 'Lupo', price: 50 }).as(user(BOB)))
        .then([
          expectResponse(201, { body: { aliasName: 'Lupo', isActive: true } }),
          expectNewEvents(streams.wallet(BOB), [
            { type: 'AliasPurchased', data: { userId: BOB, aliasName: 'Lupo', price: 5_000 } },
            { type: 'AuracoinDebited', data: { walletId: BOB, amount: 5_000, reason: 'alias' } },
          ]),
        ]));

    it('refuses him when his wallet holds less than the price', () =>
      spec
        .given(...registeredUser(BOB, { auracoin: 10 }))
        .when((request) => request.post(`/api/users/${BOB}/aliases`, { aliasName: 'Lupo', price: 50 }).as(user(BOB)))
        .then([expectError(400, 'insufficient_balance')]));

    it("refuses to spend another user's coins", () =>
      spec
        .given(...registeredUser(BOB, { auracoin: 60 }), ...registeredUser(CARLA))
        .when((request) => request.post(`/api/users/${BOB}/aliases`, { aliasName: 'Lupo', price: 50 }).as(user(CARLA)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('DELETE /api/aliases/{id}', () => {
    it('he deletes his alias', () =>
      spec
        .given(...registeredUser(BOB), bobsAlias)
        .when((request) => request.delete(`/api/aliases/${ALIAS}`).as(user(BOB)))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(streams.alias(ALIAS), [{ type: 'AliasDeleted', data: { aliasId: ALIAS, deletedBy: BOB } }]),
        ]));

    it('an admin deletes it too', () =>
      spec
        .given(...registeredUser(BOB), bobsAlias, ...existingAdmin(ADMIN))
        .when((request) => request.delete(`/api/aliases/${ALIAS}`).as(admin(ADMIN, { secondFactor: true })))
        .then([expectNewEvents(streams.alias(ALIAS), [{ type: 'AliasDeleted', data: { deletedBy: ADMIN } }])]));

    it('refuses another user', () =>
      spec
        .given(...registeredUser(BOB), ...registeredUser(CARLA), bobsAlias)
        .when((request) => request.delete(`/api/aliases/${ALIAS}`).as(user(CARLA)))
        .then([expectError(403, 'forbidden')]));
  });
});
