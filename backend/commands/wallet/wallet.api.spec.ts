import { streams } from '@aura/contracts';
import { existingAdmin, registeredUser } from '../../test/api-fixtures';
import { admin, apiSpec, expectError, expectNewEvents, expectResponse, user } from '../../test/api-spec';

const spec = apiSpec({ covers: ['updateUser'] });

const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';

describe('wallet API', () => {
  describe('PATCH /api/users/{id} (a fresh second factor)', () => {
    it('an admin with a fresh code sets his balance: the signed change on his wallet', () =>
      spec
        .given(...registeredUser(BOB, { auracoin: 10 }), ...existingAdmin(ADMIN))
        .when((request) =>
          request.patch(`/api/users/${BOB}`, { auracoinBalance: 25 }).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([
          expectResponse(200, { body: { id: BOB, auracoinBalance: 25 } }),
          expectNewEvents(streams.wallet(BOB), [
            {
              type: 'AuracoinAdjusted',
              data: { amount: 1_500, balanceBefore: 1_000, balanceAfter: 2_500, adminId: ADMIN },
            },
          ]),
        ]));

    it('an admin who has not enrolled a second factor may still (it is not required here)', () =>
      spec
        .given(...registeredUser(BOB, { auracoin: 10 }), ...existingAdmin(ADMIN))
        .when((request) => request.patch(`/api/users/${BOB}`, { auracoinBalance: 0 }).as(admin(ADMIN)))
        .then([
          expectResponse(200, { body: { auracoinBalance: 0 } }),
          expectNewEvents(streams.wallet(BOB), [
            { type: 'AuracoinAdjusted', data: { amount: -1_000, balanceAfter: 0 } },
          ]),
        ]));

    it('refuses an enrolled admin whose code is none of hers', () =>
      spec
        .given(...registeredUser(BOB, { auracoin: 10 }), ...existingAdmin(ADMIN))
        .when((request) =>
          request
            .patch(`/api/users/${BOB}`, { auracoinBalance: 25 })
            .as(admin(ADMIN, { secondFactor: true }))
            .header('x-mfa-code', 'not-a-code'),
        )
        .then([expectError(403, 'mfa_code_refused')]));

    it('refuses a user', () =>
      spec
        .given(...registeredUser(BOB, { auracoin: 10 }))
        .when((request) => request.patch(`/api/users/${BOB}`, { auracoinBalance: 1_000 }).as(user(BOB)))
        .then([expectError(403, 'forbidden')]));
  });
});
