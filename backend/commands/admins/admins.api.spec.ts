import { Secret, TOTP } from 'otpauth';
import { adminMfaStreams, MFA_MESSAGES, streams } from '@aura/contracts';
import { existingAdmin, FIXTURE_PASSWORD, registeredUser } from '../../test/api-fixtures';
import {
  admin,
  apiSpec,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  priorRequest,
  SPEC_NOW,
  user,
} from '../../test/api-spec';

const spec = apiSpec({
  covers: [
    'adminVerify',
    'createAdmin',
    'updateAdmin',
    'deleteAdmin',
    'adminMfaEnroll',
    'adminMfaConfirm',
    'resetAdminMfa',
  ],
});

const ROOT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const ADMIN = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';

const root = existingAdmin(ROOT, { username: 'root', role: 'superadmin' });
const anna = existingAdmin(ADMIN, { username: 'anna', createdBy: ROOT });
const newAdmin = { fullName: 'Carla Rossi', username: 'carla', email: 'carla@aura.local', password: 'admin-pass-1' };
const annaEnrols = priorRequest((request) => request.post('/api/admin/mfa/enroll').as(admin(ADMIN)));

describe('admins API', () => {
  describe('POST /api/admin/verify', () => {
    it('signs an admin in', async () => {
      const { response } = await spec
        .given(...anna)
        .when((request) => request.post('/api/admin/verify', { username: 'anna', password: FIXTURE_PASSWORD }))
        .then([
          expectResponse(200, { body: { admin: { id: ADMIN, username: 'anna', isActive: true } } }),
          expectNoNewEvents(),
        ]);
      expect(response.sessionCookie).toMatch(/^aura_session=/);
    });

    it('refuses a wrong password', () =>
      spec
        .given(...anna)
        .when((request) => request.post('/api/admin/verify', { username: 'anna', password: 'wrong-pass' }))
        .then([expectError(401, 'invalid_credentials')]));
  });

  describe('POST /api/admins', () => {
    it('an admin creates an admin: the username claimed, then the admin', () =>
      spec
        .given(...root, ...anna)
        .when((request) => request.post('/api/admins', newAdmin).as(admin(ADMIN, { secondFactor: true })))
        .then([
          expectResponse(201, { body: { fullName: 'Carla Rossi', username: 'carla', role: 'admin', isActive: true } }),
          expectNewEvents(streams.uniqueValue('admin-username', 'carla'), [{ type: 'UniqueValueClaimed' }]),
          ({ response, newEvents }) => {
            const id = (response.body as { id: string }).id;
            expect(newEvents.filter((event) => event.streamId === streams.admin(id))).toMatchObject([
              { type: 'AdminCreated', data: { adminId: id, username: 'carla', role: 'admin', createdBy: ADMIN } },
            ]);
          },
        ]));

    it('a stolen password alone creates nobody: once she has enrolled, no code is 403 mfa_required and nothing written', () =>
      spec
        .given(...root, ...anna)
        .when((request) =>
          request
            .post('/api/admins', newAdmin)
            .as(admin(ADMIN, { secondFactor: true }))
            .header('x-mfa-code', ''),
        )
        .then([expectError(403, 'mfa_required', { detail: MFA_MESSAGES.required })]));

    it('refuses a plain admin creating a superadmin (nothing claimed)', () =>
      spec
        .given(...root, ...anna)
        .when((request) =>
          request.post('/api/admins', { ...newAdmin, role: 'superadmin' }).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(403, 'superadmin_only')]));

    it('refuses a username another admin has', () =>
      spec
        .given(...root, ...anna)
        .when((request) =>
          request.post('/api/admins', { ...newAdmin, username: 'ANNA' }).as(admin(ROOT, { secondFactor: true })),
        )
        .then([expectError(409, 'username_taken')]));
  });

  describe('PATCH /api/admins/{id}', () => {
    it('the superadmin disables an admin', () =>
      spec
        .given(...root, ...anna)
        .when((request) =>
          request.patch(`/api/admins/${ADMIN}`, { isActive: false }).as(admin(ROOT, { secondFactor: true })),
        )
        .then([
          expectResponse(200, { body: { id: ADMIN, isActive: false } }),
          expectNewEvents(streams.admin(ADMIN), [{ type: 'AdminDeactivated', data: { adminId: ADMIN, by: ROOT } }]),
        ]));

    it('refuses a plain admin disabling the superadmin', () =>
      spec
        .given(...root, ...anna)
        .when((request) =>
          request.patch(`/api/admins/${ROOT}`, { isActive: false }).as(admin(ADMIN, { secondFactor: true })),
        )
        .then([expectError(403, 'superadmin_only')]));
  });

  describe('DELETE /api/admins/{id}', () => {
    it('the superadmin deletes an admin', () =>
      spec
        .given(...root, ...anna)
        .when((request) => request.delete(`/api/admins/${ADMIN}`).as(admin(ROOT, { secondFactor: true })))
        .then([
          expectResponse(200, { body: { ok: true } }),
          expectNewEvents(streams.admin(ADMIN), [{ type: 'AdminDeleted', data: { adminId: ADMIN, by: ROOT } }]),
        ]));

    it('refuses to delete a superadmin', () =>
      spec
        .given(...root, ...anna)
        .when((request) => request.delete(`/api/admins/${ROOT}`).as(admin(ADMIN, { secondFactor: true })))
        .then([expectError(403, 'superadmin_undeletable')]));
  });

  describe('POST /api/admin/mfa/enroll', () => {
    it('she starts enrolling: a sealed secret kept, the plain one shown once', () =>
      spec
        .given(...anna)
        .when((request) => request.post('/api/admin/mfa/enroll').as(admin(ADMIN)))
        .then([
          expectResponse(201),
          ({ response }) => {
            const body = response.body as { secret: string; otpauthUrl: string; recoveryCodes: string[] };
            expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Aura:anna\?/);
            expect(body.recoveryCodes).toHaveLength(10);
          },
          expectNewEvents(adminMfaStreams.mfa(ADMIN), [
            { type: 'AdminMfaEnrollmentStarted', data: { adminId: ADMIN } },
          ]),
          ({ newEvents, response }) =>
            expect(JSON.stringify(newEvents)).not.toContain((response.body as { secret: string }).secret),
        ]));

    it('refuses a user', () =>
      spec
        .given(...registeredUser(BOB))
        .when((request) => request.post('/api/admin/mfa/enroll').as(user(BOB)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('POST /api/admin/mfa/confirm', () => {
    const codeOf = (priors: { body: unknown }[]) =>
      new TOTP({
        algorithm: 'SHA1',
        digits: 6,
        period: 30,
        secret: Secret.fromBase32((priors[0]!.body as { secret: string }).secret),
      }).generate({
        timestamp: SPEC_NOW.getTime(),
      });

    it('a current code of her app confirms it', () =>
      spec
        .given(...anna, annaEnrols)
        .when((request, priors) => request.post('/api/admin/mfa/confirm', { code: codeOf(priors) }).as(admin(ADMIN)))
        .then([
          expectResponse(200, { body: { enrolled: true, recoveryCodesLeft: 10 } }),
          expectNewEvents(adminMfaStreams.mfa(ADMIN), [{ type: 'AdminMfaEnabled', data: { adminId: ADMIN } }]),
        ]));

    it('refuses a code of another secret', () =>
      spec
        .given(...anna, annaEnrols)
        .when((request, priors) =>
          request
            .post('/api/admin/mfa/confirm', { code: codeOf(priors) === '000000' ? '111111' : '000000' })
            .as(admin(ADMIN)),
        )
        .then([expectError(400, 'mfa_code_invalid')]));
  });

  describe('POST /api/admin/admins/{id}/mfa/reset (a fresh second factor)', () => {
    it('the superadmin, with a fresh code, resets her second factor', () =>
      spec
        .given(...root, ...anna, annaEnrols)
        .when((request) => request.post(`/api/admin/admins/${ADMIN}/mfa/reset`).as(admin(ROOT, { secondFactor: true })))
        .then([
          expectResponse(200, { body: { enrolled: false } }),
          expectNewEvents(adminMfaStreams.mfa(ROOT), [{ type: 'AdminMfaCodeUsed', data: { adminId: ROOT } }]),
          expectNewEvents(adminMfaStreams.mfa(ADMIN), [
            { type: 'AdminMfaReset', data: { adminId: ADMIN, byAdminId: ROOT } },
          ]),
        ]));

    it('refuses an enrolled superadmin without a code', () =>
      spec
        .given(...root, ...anna, annaEnrols)
        .when((request) =>
          request
            .post(`/api/admin/admins/${ADMIN}/mfa/reset`)
            .as(admin(ROOT, { secondFactor: true }))
            .header('x-mfa-code', ''),
        )
        .then([expectError(403, 'mfa_required')]));
  });
});

describe('admins API with ADMIN_MFA_REQUIRED', () => {
  const required = apiSpec({ covers: [], env: { ADMIN_MFA_REQUIRED: 'true' } });

  it('a new admin enrols before any other action: creating an admin is 403 mfa_enrollment_required', () =>
    required
      .given(...root, ...anna)
      .when((request) => request.post('/api/admins', newAdmin).as(admin(ADMIN)))
      .then([expectError(403, 'mfa_enrollment_required', { detail: MFA_MESSAGES.enrollmentRequired })]));

  it('enrolling stays open to her', () =>
    required
      .given(...root, ...anna)
      .when((request) => request.post('/api/admin/mfa/enroll').as(admin(ADMIN)))
      .then([expectResponse(201)]));

  it('once enrolled, she creates an admin with a fresh code', () =>
    required
      .given(...root, ...anna)
      .when((request) => request.post('/api/admins', newAdmin).as(admin(ADMIN, { secondFactor: true })))
      .then([expectResponse(201, { body: { username: 'carla' } })]));
});
