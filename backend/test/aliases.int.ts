import { streams } from '@aura/contracts';
import { newId } from '../platform/ids';
import { client, startTestApp, type TestApp } from './app-harness';
import { fund, logLength, send, superadminClient, userClient } from './admin-session';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('aliases', () => {
  it('buys an alias for 50 auracoin, lists it as active, then deletes it', async () => {
    const { http, id } = await userClient(app);
    await fund(app, id, 45); // 10 welcome + 45 = 55
    const created = await http.post(`/api/users/${id}/aliases`, { aliasName: '  Zorro  ', price: 50 });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ aliasName: 'Zorro', isActive: true });
    const wallet = await app.infra.eventStore.readStream(streams.wallet(id));
    expect(wallet.slice(-2).map((e) => e.type)).toEqual(['AliasPurchased', 'AuracoinDebited']);

    const me = await http.get(`/api/users/${id}`);
    expect(me.json).toMatchObject({ auracoinBalance: 5, totalAuracoinSpent: 50 });
    const list = await http.get(`/api/users/${id}/aliases`);
    expect(list.json).toEqual([created.json]);

    const deleted = await send(http, 'DELETE', `${app.url}/api/aliases/${created.json.id as string}`);
    expect(deleted.status).toBe(200);
    expect((await http.get(`/api/users/${id}/aliases`)).json).toEqual([]);
    // the money stays spent: deleting an alias refunds nothing
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 5 });
  });

  it("answers 400 'Insufficient auracoin balance' under 50 and changes nothing", async () => {
    const { http, id } = await userClient(app);
    const before = await logLength(app);
    const refused = await http.post(`/api/users/${id}/aliases`, { aliasName: 'Zorro', price: 50 });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'insufficient_balance', error: 'Insufficient auracoin balance' });
    expect(await logLength(app)).toBe(before);
  });

  it('refuses bad input naming the fields, and changes nothing', async () => {
    const { http, id } = await userClient(app);
    await fund(app, id, 100);
    const before = await logLength(app);
    for (const body of [
      { aliasName: '   ', price: 50 },
      { aliasName: 'Zorro', price: 1 },
      { price: 50 },
      { aliasName: 7, price: 50 },
      'not json{',
    ]) {
      const refused = await http.post(`/api/users/${id}/aliases`, body);
      expect(refused.status).toBe(400);
    }
    const missing = await http.post(`/api/users/${id}/aliases`, { price: 50 });
    expect(missing.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.aliasName' })]));
    expect((await http.post('/api/users/not-a-uuid/aliases', { aliasName: 'A', price: 50 })).status).toBe(400);
    expect((await send(http, 'DELETE', `${app.url}/api/aliases/${newId()}`)).status).toBe(404);
    expect((await send(http, 'DELETE', `${app.url}/api/aliases/nope`)).status).toBe(400);
    expect(await logLength(app)).toBe(before);
  });

  it('guards every route: 401 anonymous, 403 another user, admins read but never spend', async () => {
    const owner = await userClient(app);
    const other = await userClient(app);
    await fund(app, owner.id, 100);
    const created = await owner.http.post(`/api/users/${owner.id}/aliases`, { aliasName: 'Mine', price: 50 });
    expect(created.status).toBe(201);
    const aliasId = created.json.id as string;
    const before = await logLength(app);
    const anonymous = client(app.url);
    expect((await anonymous.get(`/api/users/${owner.id}/aliases`)).status).toBe(401);
    expect((await anonymous.post(`/api/users/${owner.id}/aliases`, { aliasName: 'X', price: 50 })).status).toBe(401);
    expect((await send(anonymous, 'DELETE', `${app.url}/api/aliases/${aliasId}`)).status).toBe(401);
    expect((await other.http.get(`/api/users/${owner.id}/aliases`)).status).toBe(403);
    expect((await other.http.post(`/api/users/${owner.id}/aliases`, { aliasName: 'X', price: 50 })).status).toBe(403);
    expect((await send(other.http, 'DELETE', `${app.url}/api/aliases/${aliasId}`)).status).toBe(403);
    const admin = await superadminClient(app);
    const adminBefore = await logLength(app);
    expect((await admin.post(`/api/users/${owner.id}/aliases`, { aliasName: 'X', price: 50 })).status).toBe(403);
    expect((await admin.get(`/api/users/${owner.id}/aliases`)).json).toHaveLength(1);
    expect(await logLength(app)).toBe(adminBefore);
    expect(adminBefore).toBeGreaterThanOrEqual(before);
  });

  it('gives the first answer for a repeated Idempotency-Key, refuses it with another body', async () => {
    const { http, id } = await userClient(app);
    await fund(app, id, 200);
    const first = await http.post(
      `/api/users/${id}/aliases`,
      { aliasName: 'Uno', price: 50 },
      { 'idempotency-key': 'alias-key-1' },
    );
    const again = await http.post(
      `/api/users/${id}/aliases`,
      { aliasName: 'Uno', price: 50 },
      { 'idempotency-key': 'alias-key-1' },
    );
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    const before = await logLength(app);
    const reused = await http.post(
      `/api/users/${id}/aliases`,
      { aliasName: 'Due', price: 50 },
      { 'idempotency-key': 'alias-key-1' },
    );
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');
    expect(await logLength(app)).toBe(before);
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 160 });
  });

  it('lets exactly k of 100 concurrent purchases through when the wallet affords k', async () => {
    const { http, id } = await userClient(app);
    const k = 4;
    await fund(app, id, k * 50 + 39 - 10); // with the 10 welcome: k * 50 + 39
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        http.post(`/api/users/${id}/aliases`, { aliasName: `Alias ${i}`, price: 50 }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(k);
    expect(answers.filter((a) => a.status === 400 && a.json.error === 'Insufficient auracoin balance')).toHaveLength(
      100 - k,
    );
    await app.settled();
    expect((await http.get(`/api/users/${id}/aliases`)).json).toHaveLength(k);
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 39 });
  });
});
