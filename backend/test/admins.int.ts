import { streams } from '@aura/contracts';
import { client, startTestApp, type TestApp } from './app-harness';
import { adminClient, freshAdmin, logLength, send, SUPERADMIN, superadminClient, userClient } from './admin-session';
import { SESSION_COOKIE } from '../platform/http/session';

let app: TestApp;
let root: ReturnType<typeof client>;
beforeAll(async () => {
  app = await startTestApp();
  root = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

describe('POST /api/admin/verify', () => {
  it('signs an admin in with username and password and answers the admin record', async () => {
    const http = client(app.url);
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
    expect(http.cookie()).toMatch(/^aura_session=/);
    const me = await http.get('/api/admin/me');
    expect(me.status).toBe(200);
    expect(me.json).toEqual(verified.json);
  });

  it('refuses a wrong password or an unknown username with 401 and no session', async () => {
    for (const body of [
      { username: 'root', password: 'wrong-password' },
      { username: 'nobody', password: SUPERADMIN.password },
    ]) {
      const http = client(app.url);
      const refused = await http.post('/api/admin/verify', body);
      expect(refused.status).toBe(401);
      expect(refused.json.code).toBe('invalid_credentials');
      // no session given (the proof of age the client holds is no session)
      expect(http.cookie() ?? '').not.toContain(`${SESSION_COOKIE}=`);
    }
  });

  it('refuses bad input naming the fields', async () => {
    const refused = await client(app.url).post('/api/admin/verify', { password: 12 });
    expect(refused.status).toBe(400);
    expect(String(refused.json.error)).toContain('body.username');
    expect(String(refused.json.error)).toContain('body.password');
  });

  it('does not let a user session into admin routes', async () => {
    const user = await userClient(app);
    expect((await user.http.get('/api/admin/me')).status).toBe(403);
    expect((await user.http.get('/api/admins')).status).toBe(403);
    expect((await client(app.url).get('/api/admin/me')).status).toBe(401);
  });

  it('locks an account name after 5 failed attempts (docs/architecture.md#admin-lockout)', async () => {
    const http = client(app.url);
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
    const events = await app.infra.eventStore.readStream(streams.admin(created.json.id as string));
    const me = await root.get('/api/admin/me');
    expect(events.map((e) => e.type)).toEqual(['AdminCreated']);
    expect((events[0]!.data as { createdBy: string }).createdBy).toBe((me.json.admin as { id: string }).id);
    const list = await root.get('/api/admins');
    expect(list.status).toBe(200);
    expect((list.json as unknown as { id: string }[]).map((a) => a.id)).toContain(created.json.id);
  });

  it('refuses a short password, a bad email and missing fields with 400, changing nothing', async () => {
    const before = await logLength(app);
    const refused = await root.post('/api/admins', {
      ...freshAdmin(),
      password: 'short',
      email: 'not-an-email',
      fullName: undefined,
    });
    expect(refused.status).toBe(400);
    for (const field of ['body.password', 'body.email', 'body.fullName'])
      expect(String(refused.json.error)).toContain(field);
    expect(await logLength(app)).toBe(before);
  });

  it('refuses a taken username (ignoring case) with 409, changing nothing', async () => {
    const before = await logLength(app);
    const refused = await root.post('/api/admins', { ...freshAdmin(), username: 'ROOT' });
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('username_taken');
    expect(await logLength(app)).toBe(before);
  });

  it('lets only a superadmin create a superadmin', async () => {
    const plain = await adminClient(app, root);
    const before = await logLength(app);
    const refused = await plain.http.post('/api/admins', freshAdmin('superadmin'));
    expect(refused.status).toBe(403);
    expect(await logLength(app)).toBe(before);
    const allowed = await root.post('/api/admins', freshAdmin('superadmin'));
    expect(allowed.status).toBe(201);
    expect(allowed.json.role).toBe('superadmin');
  });

  it('refuses anonymous and user callers', async () => {
    const before = await logLength(app);
    expect((await client(app.url).post('/api/admins', freshAdmin())).status).toBe(401);
    expect((await client(app.url).get('/api/admins')).status).toBe(401);
    const user = await userClient(app);
    const afterUser = await logLength(app);
    expect((await user.http.post('/api/admins', freshAdmin())).status).toBe(403);
    expect(await logLength(app)).toBe(afterUser);
    expect(afterUser).toBeGreaterThan(before);
  });
});

describe('PATCH /api/admins/{id}', () => {
  it('disables an admin: they can no longer sign in and their open session stops working', async () => {
    const target = await adminClient(app, root);
    expect((await target.http.get('/api/admins')).status).toBe(200);
    const off = await send(root, 'PATCH', `${app.url}/api/admins/${target.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id: target.id, isActive: false });
    expect((await target.http.get('/api/admins')).status).toBe(401);
    const signIn = await client(app.url).post('/api/admin/verify', {
      username: target.body.username,
      password: target.body.password,
    });
    expect(signIn.status).toBe(403);
    const events = await app.infra.eventStore.readStream(streams.admin(target.id));
    expect(events.map((e) => e.type)).toEqual(['AdminCreated', 'AdminDeactivated']);

    const on = await send(root, 'PATCH', `${app.url}/api/admins/${target.id}`, { isActive: true });
    expect(on.json).toMatchObject({ isActive: true });
    // the session disabled stays ended (issue 19, item 7); enabled again, they sign in anew
    expect((await target.http.get('/api/admins')).status).toBe(401);
    const again = client(app.url);
    expect(
      (await again.post('/api/admin/verify', { username: target.body.username, password: target.body.password }))
        .status,
    ).toBe(200);
    expect((await again.get('/api/admins')).status).toBe(200);
  });

  it('refuses bad input, unknown ids and non-admins, changing nothing', async () => {
    const target = await adminClient(app, root);
    const user = await userClient(app);
    const before = await logLength(app);
    expect((await send(root, 'PATCH', `${app.url}/api/admins/${target.id}`, { isActive: 'no' })).status).toBe(400);
    expect((await send(root, 'PATCH', `${app.url}/api/admins/not-a-uuid`, { isActive: false })).status).toBe(400);
    expect(
      (await send(root, 'PATCH', `${app.url}/api/admins/${crypto.randomUUID()}`, { isActive: false })).status,
    ).toBe(404);
    expect(
      (await send(client(app.url), 'PATCH', `${app.url}/api/admins/${target.id}`, { isActive: false })).status,
    ).toBe(401);
    expect((await send(user.http, 'PATCH', `${app.url}/api/admins/${target.id}`, { isActive: false })).status).toBe(
      403,
    );
    expect((await send(target.http, 'PATCH', `${app.url}/api/admins/${target.id}`, { isActive: false })).status).toBe(
      409,
    );
    expect(await logLength(app)).toBe(before);
  });

  it('does not let a plain admin disable a superadmin', async () => {
    const plain = await adminClient(app, root);
    const me = await root.get('/api/admin/me');
    const before = await logLength(app);
    const refused = await send(plain.http, 'PATCH', `${app.url}/api/admins/${(me.json.admin as { id: string }).id}`, {
      isActive: false,
    });
    expect(refused.status).toBe(403);
    expect(await logLength(app)).toBe(before);
  });
});

describe('DELETE /api/admins/{id}', () => {
  it('deletes an admin, ends their session and frees the username', async () => {
    const target = await adminClient(app, root);
    const deleted = await send(root, 'DELETE', `${app.url}/api/admins/${target.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json).toEqual({ ok: true });
    const list = await root.get('/api/admins');
    expect((list.json as unknown as { id: string }[]).map((a) => a.id)).not.toContain(target.id);
    expect((await target.http.get('/api/admin/me')).status).toBe(401);
    const events = await app.infra.eventStore.readStream(streams.admin(target.id));
    expect(events.at(-1)?.type).toBe('AdminDeleted');
    const again = await root.post('/api/admins', { ...freshAdmin(), username: target.body.username });
    expect(again.status).toBe(201);
  });

  it('never deletes a superadmin, and refuses unknown ids and non-admins, changing nothing', async () => {
    const me = await root.get('/api/admin/me');
    const rootId = (me.json.admin as { id: string }).id;
    const plain = await adminClient(app, root);
    const user = await userClient(app);
    const before = await logLength(app);
    const superRefused = await send(plain.http, 'DELETE', `${app.url}/api/admins/${rootId}`);
    expect(superRefused.status).toBe(403);
    expect(superRefused.json.error).toBe('Un superadmin non può essere eliminato');
    expect((await send(root, 'DELETE', `${app.url}/api/admins/${rootId}`)).status).toBe(403);
    expect((await send(root, 'DELETE', `${app.url}/api/admins/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await send(root, 'DELETE', `${app.url}/api/admins/123`)).status).toBe(400);
    expect((await send(client(app.url), 'DELETE', `${app.url}/api/admins/${plain.id}`)).status).toBe(401);
    expect((await send(user.http, 'DELETE', `${app.url}/api/admins/${plain.id}`)).status).toBe(403);
    expect(await logLength(app)).toBe(before);
  });
});

describe('POST /api/logout', () => {
  it('ends the admin session', async () => {
    const plain = await adminClient(app, root);
    expect((await plain.http.post('/api/logout')).status).toBe(200);
    expect((await plain.http.get('/api/admin/me')).status).toBe(401);
  });
});
