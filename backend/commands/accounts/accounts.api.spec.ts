import path from 'node:path';
import { SENSITIVE_DATA_POLICY_VERSION, streams } from '@aura/contracts';
import { readOutbox } from '../../platform/mail/mailer';
import { accountToken, at, existingAdmin, FIXTURE_PASSWORD, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  eventually,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  user,
  type SpecWorld,
} from '../../test/api-spec';

const withPublicUrl = apiSpec({ covers: [], env: { PUBLIC_URL: 'https://aura.example/' } });

const spec = apiSpec({
  covers: [
    'register',
    'login',
    'logout',
    'deleteUser',
    'requestPasswordReset',
    'confirmPasswordReset',
    'changePassword',
    'requestEmailChange',
    'confirmEmailChange',
    'deleteMe',
    'checkDeleteMe',
  ],
});

const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const bob = registeredUser(BOB, { username: 'bob', email: 'bob@example.com' });

describe('accounts API', () => {
  describe('POST /api/register', () => {
    it('claims his username and email, registers him, credits his welcome coins and signs him in', async () => {
      const { response, newEvents } = await spec
        .given()
        .when((request) =>
          request.post('/api/register', {
            username: 'Anna',
            email: 'Anna@Example.com',
            password: 'secret-pass',
            sensitiveDataConsent: true,
          }),
        )
        .then([
          expectResponse(201, {
            body: { username: 'Anna', email: 'anna@example.com', role: 'user', auracoinBalance: 10 },
          }),
          expectNewEvents(streams.uniqueValue('username', 'anna'), [
            { type: 'UniqueValueClaimed', data: { kind: 'username', value: 'anna' } },
          ]),
          expectNewEvents(streams.uniqueValue('email', 'anna@example.com'), [{ type: 'UniqueValueClaimed' }]),
        ]);
      const id = (response.body as { id: string }).id;
      expect(response.sessionCookie).toMatch(/^aura_session=/);
      expect(newEvents.map(({ streamId, type }) => `${streamId} ${type}`)).toEqual([
        'unique-username-anna UniqueValueClaimed',
        'unique-email-anna@example.com UniqueValueClaimed',
        `user-${id} UserRegistered`,
        `wallet-${id} AuracoinCredited`,
      ]);
      // his consent to data about sexual life (GDPR Art. 9), with the notice's version
      expect(newEvents.find((event) => event.type === 'UserRegistered')?.data).toMatchObject({
        sensitiveDataConsent: { policyVersion: SENSITIVE_DATA_POLICY_VERSION, givenAt: at() },
      });
    });

    it.each([
      ['without', {}],
      ['with a false', { sensitiveDataConsent: false }],
      ['with a string', { sensitiveDataConsent: 'true' }],
    ])('refuses a registration %s consent to sensitive data, recording nothing', (_case, consent) =>
      spec
        .given()
        .when((request) =>
          request.post('/api/register', {
            username: 'Anna',
            email: 'anna@example.com',
            password: 'secret-pass',
            ...consent,
          }),
        )
        .then([expectError(400, 'consent_required'), expectNoNewEvents()]),
    );

    it('refuses bad input once consent is given', () =>
      spec
        .given()
        .when((request) =>
          request.post('/api/register', {
            username: 'A',
            email: 'no',
            password: 'secret-pass',
            sensitiveDataConsent: true,
          }),
        )
        .then([expectError(400, 'validation_failed'), expectNoNewEvents()]));

    it('refuses a username already taken, ignoring case', () =>
      spec
        .given(...bob)
        .when((request) =>
          request.post('/api/register', {
            username: 'BOB',
            email: 'other@example.com',
            password: 'secret-pass',
            sensitiveDataConsent: true,
          }),
        )
        .then([expectError(409, 'username_taken')]));
  });

  describe('POST /api/login', () => {
    it('signs him in', async () => {
      const { response } = await spec
        .given(...bob)
        .when((request) => request.post('/api/login', { username: 'bob', password: FIXTURE_PASSWORD }))
        .then([expectResponse(200, { body: { id: BOB, username: 'bob' } }), expectNoNewEvents()]);
      expect(response.sessionCookie).toMatch(/^aura_session=/);
    });

    it('refuses a wrong password', () =>
      spec
        .given(...bob)
        .when((request) => request.post('/api/login', { username: 'bob', password: 'wrong-pass' }))
        .then([expectError(401, 'invalid_credentials', { detail: 'Credenziali non valide' })]));
  });

  describe('POST /api/logout', () => {
    it('ends his session (the cookie is cleared)', async () => {
      const { response } = await spec
        .given(...bob)
        .when((request) => request.post('/api/logout').as(user(BOB)))
        .then([expectResponse(200, { body: { ok: true } }), expectNoNewEvents()]);
      expect(response.sessionCookie).toBe('aura_session=');
    });

    it('refuses a malformed body', () =>
      spec
        .given()
        .when((request) => request.post('/api/logout').raw('{', 'application/json'))
        .then([expectError(400, 'malformed_json')]));
  });

  describe('DELETE /api/users/{id}', () => {
    it('an admin deletes him: his account, then his claims released', () =>
      spec
        .given(...bob, ...existingAdmin(ADMIN))
        .when((request) => request.delete(`/api/users/${BOB}`).as(admin(ADMIN, { secondFactor: true })))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(streams.user(BOB), [{ type: 'UserDeleted', data: { userId: BOB, deletedBy: ADMIN } }]),
          expectNewEvents(streams.uniqueValue('username', 'bob'), [{ type: 'UniqueValueReleased' }]),
          expectNewEvents(streams.uniqueValue('email', 'bob@example.com'), [{ type: 'UniqueValueReleased' }]),
        ]));

    it('refuses a user', () =>
      spec
        .given(...bob)
        .when((request) => request.delete(`/api/users/${BOB}`).as(user(BOB)))
        .then([expectError(403, 'forbidden')]));

    it('answers 404 for a user who does not exist', () =>
      spec
        .given(...existingAdmin(ADMIN))
        .when((request) => request.delete(`/api/users/${BOB}`).as(admin(ADMIN, { secondFactor: true })))
        .then([expectError(404, 'not_found')]));
  });

  describe('POST /api/password-reset', () => {
    it('records a reset link for an address with an account (after the answer)', () =>
      spec
        .given(...bob)
        .when((request) => request.post('/api/password-reset', { email: 'bob@example.com' }))
        .then([
          expectResponse(202, { body: { ok: true } }),
          eventually(expectNewEvents(streams.user(BOB), [{ type: 'PasswordResetRequested', data: { userId: BOB } }])),
        ]));

    /** the reset mail's text, once it is in the world's outbox */
    const resetMail = async (world: SpecWorld) => {
      const [message] = await readOutbox(path.join(world.config.dataDir, 'outbox'));
      if (!message) throw new Error('no mail yet');
      return message.text;
    };

    // issue 38 item 7: PUBLIC_URL's origin, or http://localhost:PORT without it (never in production), never the host asked
    it.each([
      ['at PUBLIC_URL', withPublicUrl, 'https://aura.example'],
      ['without PUBLIC_URL, at http://localhost:PORT', spec, 'http://localhost:3000'],
    ])('mails the link %s, whatever host the request names', (_case, world, base) =>
      world
        .given(...bob)
        .when((request) =>
          request
            .post('/api/password-reset', { email: 'bob@example.com' })
            .header('host', 'evil.example')
            .header('x-forwarded-host', 'evil.example'),
        )
        .then([
          expectResponse(202),
          eventually(async ({ world: after }) => {
            const text = await resetMail(after);
            expect(text).toContain(`${base}/reimposta-password?token=`);
            expect(text).not.toContain('evil.example');
          }),
        ]),
    );

    it('refuses what is no email address', () =>
      spec
        .given()
        .when((request) => request.post('/api/password-reset', { email: 'bob' }))
        .then([expectError(400, 'validation_failed')]));
  });

  describe('POST /api/password-reset/confirm', () => {
    const { token, tokenHash } = accountToken(BOB);
    const resetAsked = existingStream(streams.user(BOB), [
      {
        type: 'PasswordResetRequested',
        data: { userId: BOB, tokenHash, expiresAt: at(30 * 60_000), requestedAt: at(-30 * 60_000) },
      },
    ]);

    it('sets the new password with a live link', () =>
      spec
        .given(...bob, resetAsked)
        .when((request) => request.post('/api/password-reset/confirm', { token, password: 'new-secret-pass' }))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(streams.user(BOB), [{ type: 'UserPasswordChanged', data: { userId: BOB, via: 'reset' } }]),
        ]));

    it('refuses a link that was never sent', () =>
      spec
        .given(...bob, resetAsked)
        .when((request) =>
          request.post('/api/password-reset/confirm', {
            token: accountToken(BOB, 'other').token,
            password: 'x-secret',
          }),
        )
        .then([expectError(400, 'invalid_token')]));
  });

  describe('POST /api/me/password', () => {
    it('changes his password when he gives the current one', () =>
      spec
        .given(...bob)
        .when((request) =>
          request
            .post('/api/me/password', { currentPassword: FIXTURE_PASSWORD, newPassword: 'new-secret-pass' })
            .as(user(BOB)),
        )
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(streams.user(BOB), [{ type: 'UserPasswordChanged', data: { via: 'settings' } }]),
        ]));

    it('refuses a wrong current password', () =>
      spec
        .given(...bob)
        .when((request) =>
          request
            .post('/api/me/password', { currentPassword: 'wrong-pass', newPassword: 'new-secret-pass' })
            .as(user(BOB)),
        )
        .then([expectError(401, 'invalid_credentials')]));
  });

  describe('POST /api/me/email', () => {
    it('records the change asked, to confirm by a link', () =>
      spec
        .given(...bob)
        .when((request) =>
          request.post('/api/me/email', { email: 'bob@new.example', password: FIXTURE_PASSWORD }).as(user(BOB)),
        )
        .then([
          expectResponse(202, { body: { ok: true } }),
          expectNewEvents(streams.user(BOB), [{ type: 'EmailChangeRequested', data: { email: 'bob@new.example' } }]),
        ]));

    it("refuses another account's address", () =>
      spec
        .given(...bob, ...registeredUser(ADMIN, { username: 'carla', email: 'carla@example.com' }))
        .when((request) =>
          request.post('/api/me/email', { email: 'carla@example.com', password: FIXTURE_PASSWORD }).as(user(BOB)),
        )
        .then([expectError(409, 'email_taken')]));
  });

  describe('POST /api/me/email/confirm', () => {
    const { token, tokenHash } = accountToken(BOB);
    const changeAsked = existingStream(streams.user(BOB), [
      {
        type: 'EmailChangeRequested',
        data: {
          userId: BOB,
          email: 'bob@new.example',
          tokenHash,
          expiresAt: at(30 * 60_000),
          requestedAt: at(-60_000),
        },
      },
    ]);

    it('claims the new address, changes it, releases the old one', () =>
      spec
        .given(...bob, changeAsked)
        .when((request) => request.post('/api/me/email/confirm', { token }))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(streams.uniqueValue('email', 'bob@new.example'), [{ type: 'UniqueValueClaimed' }]),
          expectNewEvents(streams.user(BOB), [
            { type: 'UserEmailChanged', data: { email: 'bob@new.example', previousEmail: 'bob@example.com' } },
          ]),
          expectNewEvents(streams.uniqueValue('email', 'bob@example.com'), [{ type: 'UniqueValueReleased' }]),
        ]));

    it('refuses a link past its hour', () =>
      spec
        .given(
          ...bob,
          existingStream(streams.user(BOB), [
            {
              type: 'EmailChangeRequested',
              data: {
                userId: BOB,
                email: 'bob@new.example',
                tokenHash,
                expiresAt: at(-1),
                requestedAt: at(-3_600_001),
              },
            },
          ]),
        )
        .when((request) => request.post('/api/me/email/confirm', { token }))
        .then([expectError(400, 'invalid_token')]));
  });

  describe('POST /api/me/delete', () => {
    it('deletes his own account with his password, and releases his claims', () =>
      spec
        .given(...bob)
        .when((request) => request.post('/api/me/delete', { password: FIXTURE_PASSWORD }).as(user(BOB)))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(streams.user(BOB), [{ type: 'UserDeleted', data: { userId: BOB, deletedBy: BOB } }]),
          expectNewEvents(streams.uniqueValue('username', 'bob'), [{ type: 'UniqueValueReleased' }]),
        ]));

    it('refuses a wrong password', () =>
      spec
        .given(...bob)
        .when((request) => request.post('/api/me/delete', { password: 'wrong-pass' }).as(user(BOB)))
        .then([expectError(401, 'invalid_credentials')]));

    it('refuses a visitor without a session', () =>
      spec
        .given(...bob)
        .when((request) => request.post('/api/me/delete', { password: FIXTURE_PASSWORD }))
        .then([expectError(401, 'unauthorized')]));
  });

  describe('POST /api/me/delete/check', () => {
    it('checks his password and says the auracoin the deletion would lose, deleting nothing', () =>
      spec
        .given(...registeredUser(BOB, { username: 'bob', email: 'bob@example.com', auracoin: 35 }))
        .when((request) => request.post('/api/me/delete/check', { password: FIXTURE_PASSWORD }).as(user(BOB)))
        .then([expectResponse(200, { body: { auracoinBalance: 35 } }), expectNoNewEvents()]));

    it('refuses a wrong password', () =>
      spec
        .given(...bob)
        .when((request) => request.post('/api/me/delete/check', { password: 'wrong-pass' }).as(user(BOB)))
        .then([expectError(401, 'invalid_credentials'), expectNoNewEvents()]));
  });
});
