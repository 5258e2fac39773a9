/**
 * Admins' second factor through the API (docs/architecture.md#admin-mfa): TOTP enrolment (secret,
 * otpauth URL, recovery codes; the secret sealed and the codes hashed in the log), confirmation,
 * then every money action (payout runs and retries, balance adjustments, a SEPA file marked sent)
 * asks for a fresh code in X-MFA-Code: none, a wrong one, one used before or an old one is 403
 * `mfa_required` and changes nothing; ±1 step is accepted; a recovery code signs once; wrong codes
 * lock her second factor. With ADMIN_MFA_REQUIRED nothing but enrolling is open until she enrols.
 * In memory, each spec in a world of its own, time by the spec's clock. Was
 * backend/test/admin-mfa.int.ts (a whole app on the embedded stack).
 */
import { Secret, TOTP } from 'otpauth';
import { adminMfaStreams, errorMessages } from '@aura/contracts';
import { createTestClock } from '../../platform/clock';
import { freshAdmin } from '../../test/api-fixtures';
import { apiSpec } from '../../test/api-spec';
import { registeredClient, worldClient, worldPerSpec, type SpecWorlds } from '../../test/world-client';

const clock = createTestClock(new Date('2026-11-18T10:00:00.000Z'));
const codeAt = (secret: string, at: Date) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at.getTime(),
  });
const later = (seconds: number) => new Date(clock.nowMs() + seconds * 1000);

// the superadmin of every world
const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';

/** A new plain admin made by the superadmin, and her browser signed in through the API. */
async function adminClient(worlds: SpecWorlds) {
  const body = freshAdmin();
  const created = await worlds.root.post('/api/admins', body);
  expect(created.status).toBe(201);
  const http = worldClient(worlds.world);
  expect((await http.post('/api/admin/verify', { username: body.username, password: body.password })).status).toBe(200);
  return { http, id: created.json.id as string, body };
}

describe('admin second factor (ADMIN_MFA_REQUIRED off, as the embedded demo)', () => {
  const worlds = worldPerSpec(apiSpec({ covers: [], clock }), ROOT);
  const mfaEvents = (adminId: string) => worlds.world.ports.eventStore.readStream(adminMfaStreams.mfa(adminId));

  /** An admin of the test's own who asked to enrol (not confirmed yet): her secret and recovery codes. */
  async function enrollingAdmin() {
    const admin = await adminClient(worlds);
    const enrolled = await admin.http.post('/api/admin/mfa/enroll');
    expect(enrolled.status).toBe(201);
    return { admin, secret: enrolled.json.secret as string, recoveryCodes: enrolled.json.recoveryCodes as string[] };
  }

  /** An admin of the test's own, enrolled: confirmed with the code of the clock's present step (so used). */
  async function enrolledAdmin() {
    const enrolling = await enrollingAdmin();
    const confirmed = await enrolling.admin.http.post('/api/admin/mfa/confirm', {
      code: codeAt(enrolling.secret, clock.now()),
    });
    expect(confirmed.status).toBe(200);
    return enrolling;
  }

  it('not enrolled: money actions need no code; enrolment answers the secret, the otpauth URL and 10 recovery codes, stored sealed and hashed', async () => {
    const admin = await adminClient(worlds);
    expect((await admin.http.get('/api/admin/mfa')).json).toEqual({
      enrolled: false,
      pending: false,
      required: false,
      confirmedAt: null,
      recoveryCodesLeft: 0,
    });
    expect((await admin.http.post('/api/admin/payouts/run', {})).status).toBe(202);
    const enrolled = await admin.http.post('/api/admin/mfa/enroll');
    expect(enrolled.status).toBe(201);
    const secret = enrolled.json.secret as string;
    const recoveryCodes = enrolled.json.recoveryCodes as string[];
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.json.otpauthUrl).toBe(
      `otpauth://totp/Aura:${admin.body.username}?issuer=Aura&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = JSON.stringify(await mfaEvents(admin.id));
    expect(stored).not.toContain(secret);
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
    expect((await admin.http.get('/api/admin/mfa')).json).toMatchObject({ enrolled: false, pending: true });
    // pending is not enrolled: still no code asked
    expect((await admin.http.post('/api/admin/payouts/run', {})).status).toBe(202);
  });

  it('confirms with a current code only', async () => {
    const { admin, secret } = await enrollingAdmin();
    const wrong = await admin.http.post('/api/admin/mfa/confirm', { code: codeAt(secret, later(-120)) });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'mfa_code_invalid' });
    expect((await admin.http.post('/api/admin/mfa/confirm', { code: 'abc' })).status).toBe(400);
    const confirmed = await admin.http.post('/api/admin/mfa/confirm', { code: codeAt(secret, clock.now()) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({
      enrolled: true,
      pending: false,
      confirmedAt: clock.now().toISOString(),
      recoveryCodesLeft: 10,
    });
    expect((await admin.http.post('/api/admin/mfa/enroll')).status).toBe(409);
  });

  it('a money action without a fresh code is 403 mfa_required and changes nothing', async () => {
    const { admin, secret } = await enrolledAdmin();
    const user = await registeredClient(worlds.world);
    await worlds.world.settled();
    const before = await worlds.eventCount();
    const bare = await admin.http.post('/api/admin/payouts/run', {});
    expect(bare.status).toBe(403);
    expect(bare.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(bare.json).toMatchObject({
      code: 'mfa_required',
      detail: 'Questa operazione richiede il codice di verifica a due fattori',
    });
    // the code that confirmed the enrolment was used: not again
    const reused = await admin.http.post('/api/admin/payouts/run', {}, { 'x-mfa-code': codeAt(secret, clock.now()) });
    expect(reused.json).toMatchObject({
      code: 'mfa_code_refused',
      detail: 'Codice di verifica non valido o già usato: usa il codice attuale della tua app',
    });
    expect(
      (await admin.http.post('/api/admin/payouts/run', {}, { 'x-mfa-code': codeAt(secret, later(-90)) })).status,
    ).toBe(403);
    expect((await admin.http.patch(`/api/users/${user.id}`, { auracoinBalance: 5 })).json).toMatchObject({
      code: 'mfa_required',
    });
    expect((await admin.http.post('/api/admin/payouts/00000000-0000-4000-8000-000000000000/retry')).status).toBe(403);
    expect(
      (await admin.http.post('/api/admin/payouts/runs/00000000-0000-4000-8000-000000000000/sepa/sent')).status,
    ).toBe(403);
    expect(await worlds.eventCount()).toBe(before);
    // reads and other admin work need no code
    expect((await admin.http.get('/api/admin/payouts/runs')).status).toBe(200);
  });

  it('a fresh code (±1 step) signs one action, never twice', async () => {
    const { admin, secret } = await enrolledAdmin();
    const user = await registeredClient(worlds.world);
    const next = codeAt(secret, later(30));
    const run = await admin.http.post('/api/admin/payouts/run', {}, { 'x-mfa-code': next });
    expect(run.status).toBe(202);
    const replay = await admin.http.post('/api/admin/payouts/run', {}, { 'x-mfa-code': next });
    expect(replay.status).toBe(403);
    expect(replay.json).toMatchObject({ code: 'mfa_code_refused' });
    await clock.advance(60_000);
    const adjusted = await admin.http.send(
      'patch',
      `/api/users/${user.id}`,
      { auracoinBalance: 5 },
      { 'x-mfa-code': codeAt(secret, clock.now()) },
    );
    expect(adjusted.status).toBe(200);
    const used = (await mfaEvents(admin.id))
      .filter((event) => event.type === 'AdminMfaCodeUsed')
      .map((event) => (event.data as { action: string }).action);
    expect(used).toEqual(['POST /api/admin/payouts/run', 'PATCH /api/users/{id}']);
  });

  it('a recovery code signs once, typed in any case', async () => {
    const { admin, recoveryCodes } = await enrolledAdmin();
    await clock.advance(30_000);
    const code = recoveryCodes[3]!;
    expect((await admin.http.post('/api/admin/payouts/run', {}, { 'x-mfa-code': code.toUpperCase() })).status).toBe(
      202,
    );
    expect((await admin.http.post('/api/admin/payouts/run', {}, { 'x-mfa-code': code })).status).toBe(403);
    expect((await admin.http.get('/api/admin/mfa')).json).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('wrong codes lock her second factor (429), even for the right code, and no one else’s', async () => {
    const { admin, secret, recoveryCodes } = await enrolledAdmin();
    const other = await adminClient(worlds);
    // a success clears the count of wrong codes before it
    expect((await admin.http.post('/api/admin/payouts/run', {}, { 'x-mfa-code': recoveryCodes[5]! })).status).toBe(202);
    for (let i = 0; i < 5; i++)
      expect((await admin.http.post('/api/admin/payouts/run', {}, { 'x-mfa-code': '000000' })).status).toBe(403);
    await clock.advance(30_000);
    const locked = await admin.http.post('/api/admin/payouts/run', {}, { 'x-mfa-code': codeAt(secret, clock.now()) });
    expect(locked.status).toBe(429);
    expect(String(locked.headers['retry-after'])).toMatch(/^\d+$/);
    expect(locked.json).toMatchObject({
      code: 'mfa_locked',
      detail: 'Troppi codici errati: verifica a due fattori bloccata, riprova più tardi',
    });
    // another admin, not enrolled, is not affected
    expect((await other.http.post('/api/admin/payouts/run', {})).status).toBe(202);
  });

  it('another admin resets a lost second factor: she is signed out and enrols again; never her own, a superadmin’s only by a superadmin', async () => {
    const { admin } = await enrolledAdmin();
    const other = await adminClient(worlds);
    const superadminId = ((await worlds.root.get('/api/admin/me')).json.admin as { id: string }).id;
    const reset = (by: typeof other.http, id: string) => by.post(`/api/admin/admins/${id}/mfa/reset`);
    await worlds.world.settled();
    const before = await worlds.eventCount();
    expect((await reset(other.http, other.id)).json).toMatchObject({
      code: 'mfa_reset_own',
      detail: 'Non puoi azzerare la tua verifica a due fattori: chiedilo a un altro amministratore',
    });
    expect((await reset(other.http, superadminId)).json).toMatchObject({
      code: 'superadmin_only',
      detail: errorMessages.superadmin_only,
    });
    expect((await reset(other.http, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await other.http.post('/api/admin/admins/not-an-id/mfa/reset')).status).toBe(400);
    expect(await worlds.eventCount()).toBe(before);

    const done = await reset(other.http, admin.id);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ enrolled: false, pending: false, recoveryCodesLeft: 0 });
    const recorded = (await mfaEvents(admin.id)).at(-1)!;
    expect(recorded).toMatchObject({ type: 'AdminMfaReset', data: { adminId: admin.id, byAdminId: other.id } });
    // whoever held her session signs in again; then she enrols a new phone
    expect((await admin.http.get('/api/admin/mfa')).status).toBe(401);
    // she signs in a moment later (a session issued in the revocation's own millisecond counts as revoked)
    await clock.advance(1_000);
    expect(
      (await admin.http.post('/api/admin/verify', { username: admin.body.username, password: admin.body.password }))
        .status,
    ).toBe(200);
    expect((await admin.http.get('/api/admin/mfa')).json).toMatchObject({ enrolled: false, pending: false });
    expect((await admin.http.post('/api/admin/mfa/enroll')).status).toBe(201);
    // an admin who never enrolled has nothing to reset
    const again = await reset(worlds.root, other.id);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: 'mfa_not_active',
      detail: 'La verifica a due fattori non è attiva per questo account',
    });
  });
});

describe('ADMIN_MFA_REQUIRED=true: enrolment before any admin action', () => {
  const worlds = worldPerSpec(apiSpec({ covers: [], clock, env: { ADMIN_MFA_REQUIRED: 'true' } }), ROOT);

  it('refuses every admin route but enrolling until she has enrolled', async () => {
    const admin = worlds.root;
    const refused = await admin.get('/api/users');
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({
      code: 'mfa_enrollment_required',
      detail: 'Attiva la verifica a due fattori prima di usare la console di amministrazione',
    });
    expect((await admin.post('/api/admin/payouts/run', {})).json).toMatchObject({ code: 'mfa_enrollment_required' });
    expect((await admin.get('/api/admin/me')).status).toBe(200);
    expect((await admin.get('/api/admin/mfa')).json).toMatchObject({ enrolled: false, required: true });
    const { secret } = (await admin.post('/api/admin/mfa/enroll')).json as { secret: string };
    expect((await admin.post('/api/admin/mfa/confirm', { code: codeAt(secret, clock.now()) })).status).toBe(200);
    expect((await admin.get('/api/users')).status).toBe(200);
    expect((await admin.post('/api/admin/payouts/run', {}, { 'x-mfa-code': codeAt(secret, later(30)) })).status).toBe(
      202,
    );
    expect((await admin.post('/api/logout')).status).toBe(200);
  });
});
