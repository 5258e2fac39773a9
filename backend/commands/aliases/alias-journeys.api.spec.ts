/**
 * Aliases bought with auracoin, through the HTTP API in one world each: bought, listed, deleted
 * (nothing refunded), refused when the wallet is short or the input bad (changing nothing), every
 * route guarded, a repeated Idempotency-Key, and exactly k of 100 concurrent purchases through when
 * the wallet affords k. Was backend/test/aliases.int.ts (a whole app on the embedded stack).
 */
import { streams } from '@aura/contracts';
import { newId } from '../../platform/ids';
import { existingAdmin } from '../../test/api-fixtures';
import { apiSpec, existingStream, type SpecWorld } from '../../test/api-spec';
import { eventCount, registeredClient, worldClient } from '../../test/world-client';

const spec = apiSpec({ covers: [] });
const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';

let world: SpecWorld;
beforeEach(async () => {
  world = await spec.world();
});
afterEach(() => world.close());

const userClient = () => registeredClient(world);
const logLength = () => eventCount(world);

/** Tops a wallet up straight in the log (what a paid card purchase would do), the read models updated. */
const fund = (userId: string, auracoin: number) =>
  world.append(
    existingStream(streams.wallet(userId), [
      {
        type: 'AuracoinCredited',
        data: {
          walletId: userId,
          amount: auracoin * 100,
          reason: 'refund',
          creditedAt: world.ports.clock.now().toISOString(),
        },
      },
    ]),
  );

describe('aliases', () => {
  it('buys an alias for 50 auracoin, lists it as active, then deletes it', async () => {
    const { http, id } = await userClient();
    await fund(id, 45); // 10 welcome + 45 = 55
    const created = await http.post(`/api/users/${id}/aliases`, { aliasName: '  Zorro  ', price: 50 });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ aliasName: 'Zorro', isActive: true });
    const wallet = await world.ports.eventStore.readStream(streams.wallet(id));
    expect(wallet.slice(-2).map((e) => e.type)).toEqual(['AliasPurchased', 'AuracoinDebited']);

    const me = await http.get(`/api/users/${id}`);
    expect(me.json).toMatchObject({ auracoinBalance: 5, totalAuracoinSpent: 50 });
    const list = await http.get(`/api/users/${id}/aliases`);
    expect(list.json).toEqual([created.json]);

    const deleted = await http.delete(`/api/aliases/${created.json.id as string}`);
    expect(deleted.status).toBe(200);
    expect((await http.get(`/api/users/${id}/aliases`)).json).toEqual([]);
    // the money stays spent: deleting an alias refunds nothing
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 5 });
  });

  it("answers 400 'Insufficient auracoin balance' under 50 and changes nothing", async () => {
    const { http, id } = await userClient();
    const before = await logLength();
    const refused = await http.post(`/api/users/${id}/aliases`, { aliasName: 'Zorro', price: 50 });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: 'insufficient_balance', error: 'Insufficient auracoin balance' });
    expect(await logLength()).toBe(before);
  });

  it('refuses bad input naming the fields, and changes nothing', async () => {
    const { http, id } = await userClient();
    await fund(id, 100);
    const before = await logLength();
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
    expect((await http.delete(`/api/aliases/${newId()}`)).status).toBe(404);
    expect((await http.delete('/api/aliases/nope')).status).toBe(400);
    expect(await logLength()).toBe(before);
  });

  it('guards every route: 401 anonymous, 403 another user, admins read but never spend', async () => {
    const owner = await userClient();
    const other = await userClient();
    await fund(owner.id, 100);
    const created = await owner.http.post(`/api/users/${owner.id}/aliases`, { aliasName: 'Mine', price: 50 });
    expect(created.status).toBe(201);
    const aliasId = created.json.id as string;
    const before = await logLength();
    const anonymous = worldClient(world);
    expect((await anonymous.get(`/api/users/${owner.id}/aliases`)).status).toBe(401);
    expect((await anonymous.post(`/api/users/${owner.id}/aliases`, { aliasName: 'X', price: 50 })).status).toBe(401);
    expect((await anonymous.delete(`/api/aliases/${aliasId}`)).status).toBe(401);
    expect((await other.http.get(`/api/users/${owner.id}/aliases`)).status).toBe(403);
    expect((await other.http.post(`/api/users/${owner.id}/aliases`, { aliasName: 'X', price: 50 })).status).toBe(403);
    expect((await other.http.delete(`/api/aliases/${aliasId}`)).status).toBe(403);
    await world.append(...existingAdmin(ROOT, { role: 'superadmin' }));
    const admin = worldClient(world, { kind: 'admin', id: ROOT });
    const adminBefore = await logLength();
    expect((await admin.post(`/api/users/${owner.id}/aliases`, { aliasName: 'X', price: 50 })).status).toBe(403);
    expect((await admin.get(`/api/users/${owner.id}/aliases`)).json).toHaveLength(1);
    expect(await logLength()).toBe(adminBefore);
    expect(adminBefore).toBeGreaterThanOrEqual(before);
  });

  it('gives the first answer for a repeated Idempotency-Key, refuses it with another body', async () => {
    const { http, id } = await userClient();
    await fund(id, 200);
    const key = { 'idempotency-key': 'alias-key-1' };
    const first = await http.post(`/api/users/${id}/aliases`, { aliasName: 'Uno', price: 50 }, key);
    const again = await http.post(`/api/users/${id}/aliases`, { aliasName: 'Uno', price: 50 }, key);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    const before = await logLength();
    const reused = await http.post(`/api/users/${id}/aliases`, { aliasName: 'Due', price: 50 }, key);
    expect(reused.status).toBe(422);
    expect(reused.json.code).toBe('idempotency_key_reused');
    expect(await logLength()).toBe(before);
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 160 });
  });

  it('lets exactly k of 100 concurrent purchases through when the wallet affords k', async () => {
    const { http, id } = await userClient();
    const k = 4;
    await fund(id, k * 50 + 39 - 10); // with the 10 welcome: k * 50 + 39
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        http.post(`/api/users/${id}/aliases`, { aliasName: `Alias ${i}`, price: 50 }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(k);
    expect(answers.filter((a) => a.status === 400 && a.json.error === 'Insufficient auracoin balance')).toHaveLength(
      100 - k,
    );
    await world.settled();
    expect((await http.get(`/api/users/${id}/aliases`)).json).toHaveLength(k);
    expect((await http.get(`/api/users/${id}`)).json).toMatchObject({ auracoinBalance: 39 });
  });
});
