/**
 * Admins over the HTTP API, each spec in one world of its own where the superadmin was made as the
 * first start makes her: sign-in (and its lock after failures), creating admins, disabling,
 * enabling and deleting them (their sessions ended), and signing out. Was backend/test/admins.int.ts
 * (a whole app on the embedded stack).
 */
import { streams } from '@aura/contracts';
import { SESSION_COOKIE } from '../../platform/http/session';
import { freshAdmin } from '../../test/api-fixtures';
import { apiSpec, type SpecWorld } from '../../test/api-spec';
import { eventCount, registeredClient, tickingClock, worldClient, type WorldClient } from '../../test/world-client';

// a disabled admin enabled again signs in anew right after her sessions were revoked
const spec = apiSpec({ covers: [], clock: tickingClock() });
const SUPERADMIN = { username: 'root', password: 'root-password-1' };

let world: SpecWorld;
let root: WorldClient;
beforeEach(async () => {
  world = await spec.world();
  await world.commands.admins.ensureSuperadmin(SUPERADMIN);
  await world.settled();
  root = worldClient(world);
  const verified = await root.post('/api/admin/verify', SUPERADMIN);
  expect(verified.status).toBe(200);
});
afterEach(() => world.close());

const anonymous = () => worldClient(world);
const logLength = () => eventCount(world);
const userClient = () => registeredClient(world);

/** A new plain admin made by the superadmin, and her browser signed in. */
async function adminClient() {
  const body = freshAdmin();
  const created = await root.post('/api/admins', body);
  expect(created.status).toBe(201);
  const http = worldClient(world);
  const verified = await http.post('/api/admin/verify', { username: body.username, password: body.password });
  expect(verified.status).toBe(200);
  return { http, id: created.json.id as string, body };
}
const rootId = async () => ((await root.get('/api/admin/me')).json.admin as { id: string }).id;

describe('POST /api/admin/verify', () => {
  it('signs an admin in with username and password and answers the admin record', async () => {
    const http = anonymous();
    const verified = await http.post('/api/admin/verify', {
      username: SUPERADMIN.username.toUpperCase(),
      password: SUPERADMIN.password,
    });
    expect(verified.status).toBe(200);
    expect(verified.json.admin).toMatchObject({
      username: 'root',
      role: 'superadmin',
      isActive: true,
      fullName: 'Super Admin',
    });
    expect(verified.json.admin).not.toHaveProperty('passwordHash');
    expect(http.session()).toMatch(/^aura_session=/);
    const me = await http.get('/api/admin/me');
    expect(me.status).toBe(200);
    expect(me.json).toEqual(verified.json);
  });

  it('refuses a wrong password or an unknown username with 401 and no session', async () => {
    for (const body of [
      { username: 'root', password: 'wrong-password' },
      { username: 'nobody', password: SUPERADMIN.password },
    ]) {
      const http = anonymous();
      const refused = await http.post('/api/admin/verify', body);
      expect(refused.status).toBe(401);
      expect(refused.json.code).toBe('invalid_credentials');
      // no session given
      expect(http.session()).toBeUndefined();
      expect(String(refused.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=`);
    }
  });

  it('refuses bad input naming the fields', async () => {
    const refused = await anonymous().post('/api/admin/verify', { password: 12 });
    expect(refused.status).toBe(400);
    expect(String(refused.json.error)).toContain('body.username');
    expect(String(refused.json.error)).toContain('body.password');
  });

  it('does not let a user session into admin routes', async () => {
    const user = await userClient();
    expect((await user.http.get('/api/admin/me')).status).toBe(403);
    expect((await user.http.get('/api/admins')).status).toBe(403);
    expect((await anonymous().get('/api/admin/me')).status).toBe(401);
  });

  it('locks an account name after 5 failed attempts (docs/architecture.md#admin-lockout)', async () => {
    const http = anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await http.post('/api/admin/verify', { username: 'limited-admin', password: 'nope-nope' })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('GET/POST /api/admins', () => {
  it('creates an admin carrying the acting admin id, and lists it', async () => {
    const body = freshAdmin();
    const created = await root.post('/api/admins', { ...body, role: undefined });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      fullName: body.fullName,
      username: body.username,
      email: body.email,
      role: 'admin',
      isActive: true,
    });
    const events = await world.ports.eventStore.readStream(streams.admin(created.json.id as string));
    expect(events.map((e) => e.type)).toEqual(['AdminCreated']);
    expect((events[0]!.data as { createdBy: string }).createdBy).toBe(await rootId());
    const list = await root.get('/api/admins');
    expect(list.status).toBe(200);
    expect((list.json as unknown as { id: string }[]).map((a) => a.id)).toContain(created.json.id);
  });

  it('refuses a short password, a bad email and missing fields with 400, changing nothing', async () => {
    const before = await logLength();
    const refused = await root.post('/api/admins', {
      ...freshAdmin(),
      password: 'short',
      email: 'not-an-email',
      fullName: undefined,
    });
    expect(refused.status).toBe(400);
    for (const field of ['body.password', 'body.email', 'body.fullName'])
      expect(String(refused.json.error)).toContain(field);
    expect(await logLength()).toBe(before);
  });

  it('refuses a taken username (ignoring case) with 409, changing nothing', async () => {
    const before = await logLength();
    const refused = await root.post('/api/admins', { ...freshAdmin(), username: 'ROOT' });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('username_taken');
    expect(await logLength()).toBe(before);
  });

  it('lets only a superadmin create a superadmin', async () => {
    const plain = await adminClient();
    const before = await logLength();
    const refused = await plain.http.post('/api/admins', freshAdmin('superadmin'));
    expect(refused.status).toBe(403);
    expect(await logLength()).toBe(before);
    const allowed = await root.post('/api/admins', freshAdmin('superadmin'));
    expect(allowed.status).toBe(201);
    expect(allowed.json.role).toBe('superadmin');
  });

  it('refuses anonymous and user callers', async () => {
    const before = await logLength();
    expect((await anonymous().post('/api/admins', freshAdmin())).status).toBe(401);
    expect((await anonymous().get('/api/admins')).status).toBe(401);
    const user = await userClient();
    const afterUser = await logLength();
    expect((await user.http.post('/api/admins', freshAdmin())).status).toBe(403);
    expect(await logLength()).toBe(afterUser);
    expect(afterUser).toBeGreaterThan(before);
  });
});

describe('PATCH /api/admins/{id}', () => {
  it('disables an admin: they can no longer sign in and their open session stops working', async () => {
    const target = await adminClient();
    expect((await target.http.get('/api/admins')).status).toBe(200);
    const off = await root.patch(`/api/admins/${target.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id: target.id, isActive: false });
    expect((await target.http.get('/api/admins')).status).toBe(401);
    const signIn = await anonymous().post('/api/admin/verify', {
      username: target.body.username,
      password: target.body.password,
    });
    expect(signIn.status).toBe(403);
    const events = await world.ports.eventStore.readStream(streams.admin(target.id));
    expect(events.map((e) => e.type)).toEqual(['AdminCreated', 'AdminDeactivated']);

    const on = await root.patch(`/api/admins/${target.id}`, { isActive: true });
    expect(on.json).toMatchObject({ isActive: true });
    // the session disabled stays ended (issue 19, item 7); enabled again, they sign in anew
    expect((await target.http.get('/api/admins')).status).toBe(401);
    const again = anonymous();
    expect(
      (await again.post('/api/admin/verify', { username: target.body.username, password: target.body.password }))
        .status,
    ).toBe(200);
    expect((await again.get('/api/admins')).status).toBe(200);
  });

  it('refuses bad input, unknown ids and non-admins, changing nothing', async () => {
    const target = await adminClient();
    const user = await userClient();
    const before = await logLength();
    expect((await root.patch(`/api/admins/${target.id}`, { isActive: 'no' })).status).toBe(400);
    expect((await root.patch('/api/admins/not-a-uuid', { isActive: false })).status).toBe(400);
    expect((await root.patch(`/api/admins/${crypto.randomUUID()}`, { isActive: false })).status).toBe(404);
    expect((await anonymous().patch(`/api/admins/${target.id}`, { isActive: false })).status).toBe(401);
    expect((await user.http.patch(`/api/admins/${target.id}`, { isActive: false })).status).toBe(403);
    expect((await target.http.patch(`/api/admins/${target.id}`, { isActive: false })).status).toBe(409);
    expect(await logLength()).toBe(before);
  });

  it('does not let a plain admin disable a superadmin', async () => {
    const plain = await adminClient();
    const superId = await rootId();
    const before = await logLength();
    const refused = await plain.http.patch(`/api/admins/${superId}`, { isActive: false });
    expect(refused.status).toBe(403);
    expect(await logLength()).toBe(before);
  });
});

describe('DELETE /api/admins/{id}', () => {
  it('deletes an admin, ends their session and frees the username', async () => {
    const target = await adminClient();
    const deleted = await root.delete(`/api/admins/${target.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ ok: true });
    const list = await root.get('/api/admins');
    expect((list.json as unknown as { id: string }[]).map((a) => a.id)).not.toContain(target.id);
    expect((await target.http.get('/api/admin/me')).status).toBe(401);
    const events = await world.ports.eventStore.readStream(streams.admin(target.id));
    expect(events.at(-1)?.type).toBe('AdminDeleted');
    const again = await root.post('/api/admins', { ...freshAdmin(), username: target.body.username });
    expect(again.status).toBe(201);
  });

  it('never deletes a superadmin, and refuses unknown ids and non-admins, changing nothing', async () => {
    const superId = await rootId();
    const plain = await adminClient();
    const user = await userClient();
    const before = await logLength();
    const superRefused = await plain.http.delete(`/api/admins/${superId}`);
    expect(superRefused.status).toBe(403);
    expect(superRefused.json.error).toBe('Un superadmin non può essere eliminato');
    expect((await root.delete(`/api/admins/${superId}`)).status).toBe(403);
    expect((await root.delete(`/api/admins/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await root.delete('/api/admins/123')).status).toBe(400);
    expect((await anonymous().delete(`/api/admins/${plain.id}`)).status).toBe(401);
    expect((await user.http.delete(`/api/admins/${plain.id}`)).status).toBe(403);
    expect(await logLength()).toBe(before);
  });
});

describe('POST /api/logout', () => {
  it('ends the admin session', async () => {
    const plain = await adminClient();
    expect((await plain.http.post('/api/logout')).status).toBe(200);
    expect((await plain.http.get('/api/admin/me')).status).toBe(401);
  });
});
