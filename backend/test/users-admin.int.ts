import { streams } from '@aura/contracts';
import { walletBalance } from '../ledger';
import { newId } from '../platform/ids';
import { client, startTestApp, type TestApp } from './app-harness';
import { adminClient, logLength, send, superadminClient, userClient } from './admin-session';

let app: TestApp;
let superadmin: ReturnType<typeof client>;
beforeAll(async () => {
  app = await startTestApp();
  superadmin = await superadminClient(app);
});
afterAll(async () => {
  await app.close();
});

describe('admin user routes', () => {
  it('lists users for admins only', async () => {
    const { http, id } = await userClient(app);
    const list = await superadmin.get('/api/users');
    expect(list.status).toBe(200);
    expect((list.json as unknown as { id: string }[]).map((u) => u.id)).toContain(id);
    expect(JSON.stringify(list.json)).not.toContain('passwordHash');
    expect((await http.get('/api/users')).status).toBe(403);
    expect((await client(app.url).get('/api/users')).status).toBe(401);
  });

  it("sets a balance as AuracoinAdjusted carrying the admin's id", async () => {
    const { http, id } = await userClient(app);
    const admin = await adminClient(app, superadmin);
    const updated = await send(admin.http, 'PATCH', `${app.url}/api/users/${id}`, { auracoinBalance: 123.5 });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id, auracoinBalance: 123.5 });
    const wallet = await app.infra.eventStore.readStream(streams.wallet(id));
    expect(wallet.at(-1)).toMatchObject({
      type: 'AuracoinAdjusted',
      data: { walletId: id, amount: 11350, balanceBefore: 1000, balanceAfter: 12350, adminId: admin.id },
    });
    expect(walletBalance(wallet)).toBe(12350);
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 123.5 });
    const down = await send(admin.http, 'PATCH', `${app.url}/api/users/${id}`, { auracoinBalance: 0 });
    expect(down.json).toMatchObject({ auracoinBalance: 0 });
    await app.settled();
    const ledger = await http.get(`/api/users/${id}/ledger`);
    expect(ledger.status).toBe(200);
    expect((ledger.json as unknown as { amount: number; reason: string }[]).map((e) => [e.reason, e.amount])).toEqual([
      ['adjustment', -123.5],
      ['adjustment', 113.5],
      ['welcome', 10],
    ]);
    const other = await userClient(app);
    expect((await other.http.get(`/api/users/${id}/ledger`)).status).toBe(403);
    expect((await client(app.url).get(`/api/users/${id}/ledger`)).status).toBe(401);
    expect((await admin.http.get(`/api/users/${id}/ledger`)).status).toBe(200);
  });

  it('refuses bad balances, unknown users, non-admins, changing nothing', async () => {
    const { http, id } = await userClient(app);
    const before = await logLength(app);
    for (const body of [{ auracoinBalance: -1 }, { auracoinBalance: 'ten' }, {}, { auracoinBalance: 1.234 }]) {
      const refused = await send(superadmin, 'PATCH', `${app.url}/api/users/${id}`, body);
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'body.auracoinBalance' })]),
      );
    }
    expect((await send(superadmin, 'PATCH', `${app.url}/api/users/${newId()}`, { auracoinBalance: 5 })).status).toBe(
      404,
    );
    expect((await send(superadmin, 'PATCH', `${app.url}/api/users/nope`, { auracoinBalance: 5 })).status).toBe(400);
    expect((await send(http, 'PATCH', `${app.url}/api/users/${id}`, { auracoinBalance: 9999 })).status).toBe(403);
    expect((await send(client(app.url), 'PATCH', `${app.url}/api/users/${id}`, { auracoinBalance: 9999 })).status).toBe(
      401,
    );
    expect((await send(http, 'DELETE', `${app.url}/api/users/${id}`)).status).toBe(403);
    expect((await send(client(app.url), 'DELETE', `${app.url}/api/users/${id}`)).status).toBe(401);
    expect((await send(superadmin, 'DELETE', `${app.url}/api/users/${newId()}`)).status).toBe(404);
    expect(await logLength(app)).toBe(before);
  });

  it('deletes a user: personal data gone, login impossible, name free again, ledger whole', async () => {
    const suffix = newId().slice(0, 8);
    const body = { username: `gone${suffix}`, email: `gone${suffix}@example.com`, password: 'secret-pass' };
    const http = client(app.url);
    const registered = await http.post('/api/register', body);
    const id = registered.json.id as string;

    await send(superadmin, 'PATCH', `${app.url}/api/users/${id}`, { auracoinBalance: 500 });
    const walletBefore = await app.infra.eventStore.readStream(streams.wallet(id));
    const deleted = await send(superadmin, 'DELETE', `${app.url}/api/users/${id}`);
    expect(deleted.status).toBe(200);
    // the deleted user's old session opens nothing (issue 19, item 7)
    expect((await http.post(`/api/users/${id}/aliases`, { aliasName: 'Ghost', price: 50 })).status).toBe(401);
    expect((await http.post('/api/purchases', { packageId: newId() }, { 'idempotency-key': 'k' })).status).toBe(401);
    const list = await superadmin.get('/api/users');
    expect(JSON.stringify(list.json)).not.toContain(body.username);
    expect(JSON.stringify(list.json)).not.toContain(body.email);
    const stored = await app.infra.readModels.collection('users').findOne({ _id: id });
    expect(JSON.stringify(stored)).not.toContain(body.email);
    expect(stored).toMatchObject({ deleted: true, balanceUnits: 50000 });
    expect(
      (await client(app.url).post('/api/login', { username: body.username, password: body.password })).status,
    ).toBe(401);
    expect((await client(app.url).post('/api/login', { username: body.email, password: body.password })).status).toBe(
      401,
    );
    expect((await superadmin.get(`/api/users/${id}`)).status).toBe(404);
    expect(await app.infra.eventStore.readStream(streams.wallet(id))).toEqual(walletBefore);
    expect((await send(superadmin, 'DELETE', `${app.url}/api/users/${id}`)).status).toBe(404);
    // the username and email are free again
    expect((await client(app.url).post('/api/register', body)).status).toBe(201);
  });

  it('frees the name of a user whose deletion stopped before releasing it (reaction heals)', async () => {
    const suffix = newId().slice(0, 8);
    const body = { username: `cut${suffix}`, email: `cut${suffix}@example.com`, password: 'secret-pass' };
    const registered = await client(app.url).post('/api/register', body);
    const id = registered.json.id as string;
    // what a crash right after the UserDeleted append leaves: the claims still held
    await app.infra.eventStore.appendToStream(
      streams.user(id),
      [
        {
          id: newId(),
          type: 'UserDeleted',
          data: { userId: id, deletedBy: 'admin', deletedAt: new Date().toISOString() },
        },
      ],
      { expectedRevision: 0 },
    );
    await app.settled();
    expect((await client(app.url).post('/api/register', body)).status).toBe(201);
  });
});
