/**
 * Admins over users' accounts through the HTTP API: the list (admins only), a balance set as
 * `AuracoinAdjusted` naming the admin, refusals that change nothing, and a deletion that keeps the
 * ledger and frees the name. Each spec in a world of its own. Was backend/test/users-admin.int.ts
 * (a whole app on the embedded stack); its healing of a deletion cut short is the worker's, in
 * backend/workers/accounts/reactions.api.spec.ts.
 */
import { streams } from '@aura/contracts';
import { walletBalance } from '../../ledger';
import { newId } from '../../platform/ids';
import { existingAdmin } from '../../test/api-fixtures';
import { apiSpec } from '../../test/api-spec';
import { registeredClient, worldClient, worldPerSpec } from '../../test/world-client';

const spec = apiSpec({ covers: [] });
const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const ADMIN = '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';

const worlds = worldPerSpec(spec, ROOT);

const userClient = () => registeredClient(worlds.world);

describe('admin user routes', () => {
  it('lists users for admins only', async () => {
    const { http, id } = await userClient();
    const list = await worlds.root.get('/api/users');
    expect(list.status).toBe(200);
    expect((list.json as unknown as { id: string }[]).map((u) => u.id)).toContain(id);
    expect(JSON.stringify(list.json)).not.toContain('passwordHash');
    expect((await http.get('/api/users')).status).toBe(403);
    expect((await worlds.anonymous().get('/api/users')).status).toBe(401);
  });

  it("sets a balance as AuracoinAdjusted carrying the admin's id", async () => {
    const { http, id } = await userClient();
    await worlds.world.append(...existingAdmin(ADMIN));
    const admin = worldClient(worlds.world, { kind: 'admin', id: ADMIN });
    const updated = await admin.patch(`/api/users/${id}`, { auracoinBalance: 123.5 });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ id, auracoinBalance: 123.5 });
    const wallet = await worlds.world.ports.eventStore.readStream(streams.wallet(id));
    expect(wallet.at(-1)).toMatchObject({
      type: 'AuracoinAdjusted',
      data: { walletId: id, amount: 11350, balanceBefore: 1000, balanceAfter: 12350, adminId: ADMIN },
    });
    expect(walletBalance(wallet)).toBe(12350);
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 123.5 });
    const down = await admin.patch(`/api/users/${id}`, { auracoinBalance: 0 });
    expect(down.json).toMatchObject({ auracoinBalance: 0 });
    await worlds.world.settled();
    const ledger = await http.get(`/api/users/${id}/ledger`);
    expect(ledger.status).toBe(200);
    expect((ledger.json as unknown as { amount: number; reason: string }[]).map((e) => [e.reason, e.amount])).toEqual([
      ['adjustment', -123.5],
      ['adjustment', 113.5],
      ['welcome', 10],
    ]);
    const other = await userClient();
    expect((await other.http.get(`/api/users/${id}/ledger`)).status).toBe(403);
    expect((await worlds.anonymous().get(`/api/users/${id}/ledger`)).status).toBe(401);
    expect((await admin.get(`/api/users/${id}/ledger`)).status).toBe(200);
  });

  it('refuses bad balances, unknown users, non-admins, changing nothing', async () => {
    const { http, id } = await userClient();
    const before = await worlds.eventCount();
    for (const body of [{ auracoinBalance: -1 }, { auracoinBalance: 'ten' }, {}, { auracoinBalance: 1.234 }]) {
      const refused = await worlds.root.patch(`/api/users/${id}`, body);
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'body.auracoinBalance' })]),
      );
    }
    expect((await worlds.root.patch(`/api/users/${newId()}`, { auracoinBalance: 5 })).status).toBe(404);
    expect((await worlds.root.patch('/api/users/nope', { auracoinBalance: 5 })).status).toBe(400);
    expect((await http.patch(`/api/users/${id}`, { auracoinBalance: 9999 })).status).toBe(403);
    expect((await worlds.anonymous().patch(`/api/users/${id}`, { auracoinBalance: 9999 })).status).toBe(401);
    expect((await http.delete(`/api/users/${id}`)).status).toBe(403);
    expect((await worlds.anonymous().delete(`/api/users/${id}`)).status).toBe(401);
    expect((await worlds.root.delete(`/api/users/${newId()}`)).status).toBe(404);
    expect(await worlds.eventCount()).toBe(before);
  });

  it('deletes a user: personal data gone, login impossible, name free again, ledger whole', async () => {
    const body = { username: 'gone', email: 'gone@example.com', password: 'secret-pass', sensitiveDataConsent: true };
    const http = worldClient(worlds.world);
    const registered = await http.post('/api/register', body);
    const id = registered.json.id as string;

    await worlds.root.patch(`/api/users/${id}`, { auracoinBalance: 500 });
    const walletBefore = await worlds.world.ports.eventStore.readStream(streams.wallet(id));
    const deleted = await worlds.root.delete(`/api/users/${id}`);
    expect(deleted.status).toBe(200);
    // the deleted user's old session opens nothing (issue 19, item 7)
    expect((await http.post(`/api/users/${id}/aliases`, { aliasName: 'Ghost', price: 50 })).status).toBe(401);
    expect((await http.post('/api/purchases', { packageId: newId() }, { 'idempotency-key': 'k' })).status).toBe(401);
    const list = await worlds.root.get('/api/users');
    expect(JSON.stringify(list.json)).not.toContain(body.username);
    expect(JSON.stringify(list.json)).not.toContain(body.email);
    const stored = await worlds.world.ports.readModels.collection('users').findOne({ _id: id });
    expect(JSON.stringify(stored)).not.toContain(body.email);
    expect(stored).toMatchObject({ deleted: true, balanceUnits: 50000 });
    expect(
      (await worlds.anonymous().post('/api/login', { username: body.username, password: body.password })).status,
    ).toBe(401);
    expect(
      (await worlds.anonymous().post('/api/login', { username: body.email, password: body.password })).status,
    ).toBe(401);
    expect((await worlds.root.get(`/api/users/${id}`)).status).toBe(404);
    expect(await worlds.world.ports.eventStore.readStream(streams.wallet(id))).toEqual(walletBefore);
    expect((await worlds.root.delete(`/api/users/${id}`)).status).toBe(404);
    // the username and email are free again
    expect((await worlds.anonymous().post('/api/register', body)).status).toBe(201);
  });
});
