/**
 * The auracoin packages over the HTTP API, each journey in one world of its own: the list anyone
 * reads (smallest first, price in euro), and an admin's create, update and delete, each event
 * naming her, with refusals that change nothing. Was backend/test/packages.int.ts (a whole app on
 * the embedded stack).
 */
import { streams } from '@aura/contracts';
import { auracoinPackage, decideCreatePackage } from './package';
import { handleCommand } from '../../kernel/handle-command';
import { deterministicId } from '../../platform/ids';
import { existingAdmin } from '../../test/api-fixtures';
import { apiSpec } from '../../test/api-spec';
import { registeredClient, worldClient, worldPerSpec } from '../../test/world-client';

const spec = apiSpec({ covers: [] });
const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const PLAIN = '7d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';

const worlds = worldPerSpec(spec, ROOT);

describe('GET /api/packages', () => {
  it('lists packages to anyone, smallest first, price in euro', async () => {
    const now = () => new Date('2026-11-20T10:00:00.000Z');
    for (const [credits, priceCents] of [
      [500, 4500],
      [100, 1000],
    ] as const) {
      const packageId = deterministicId(`packages-int:${credits}`);
      await handleCommand(worlds.world.ports.eventStore, streams.package(packageId), auracoinPackage, (state) =>
        decideCreatePackage({ packageId, credits, bonus: 5, priceCents, popular: credits === 500 }, state, now()),
      );
    }
    await worlds.world.settled();
    const list = await worlds.anonymous().get('/api/packages');
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      { id: deterministicId('packages-int:100'), credits: 100, bonus: 5, price: 10, popular: false },
      { id: deterministicId('packages-int:500'), credits: 500, bonus: 5, price: 45, popular: true },
    ]);
  });
});

describe('POST/PATCH/DELETE /api/packages', () => {
  it('creates, updates and deletes a package, each event naming the admin', async () => {
    const me = await worlds.root.get('/api/admin/me');
    const adminId = (me.json.admin as { id: string }).id;
    const created = await worlds.root.post('/api/packages', { credits: 300, price: 250 });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ credits: 300, bonus: 0, price: 250, popular: false });
    const id = created.json.id as string;
    expect((await worlds.anonymous().get('/api/packages')).json).toContainEqual(created.json);

    const updated = await worlds.root.patch(`/api/packages/${id}`, {
      credits: 350,
      bonus: 50,
      price: 300,
      popular: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ id, credits: 350, bonus: 50, price: 300, popular: true });

    const deleted = await worlds.root.delete(`/api/packages/${id}`);
    expect(deleted.status).toBe(200);
    const list = (await worlds.anonymous().get('/api/packages')).json as unknown as { id: string }[];
    expect(list.map((p) => p.id)).not.toContain(id);

    const events = await worlds.world.ports.eventStore.readStream(streams.package(id));
    expect(events.map((e) => e.type)).toEqual(['PackageCreated', 'PackageUpdated', 'PackageDeleted']);
    expect(
      events.map((e) => Object.entries(e.data as Record<string, unknown>).find(([k]) => k.endsWith('By'))?.[1]),
    ).toEqual([adminId, adminId, adminId]);
    expect(adminId).toBe(ROOT);
    expect((events[0]!.data as { priceCents: number }).priceCents).toBe(25_000);
  });

  it('refuses bad input with 400 naming the fields, changing nothing', async () => {
    const before = await worlds.eventCount();
    const refused = await worlds.root.post('/api/packages', { credits: -5, price: 'ten', bonus: 1.5 });
    expect(refused.status).toBe(400);
    for (const field of ['body.credits', 'body.price', 'body.bonus'])
      expect(String(refused.json.error)).toContain(field);
    expect((await worlds.root.post('/api/packages', 'not json{')).status).toBe(400);
    const created = await worlds.root.post('/api/packages', { credits: 10, price: 10 });
    const afterCreate = await worlds.eventCount();
    expect(afterCreate).toBe(before + 1);
    expect((await worlds.root.patch(`/api/packages/${created.json.id as string}`, { credits: 10 })).status).toBe(400);
    expect(await worlds.eventCount()).toBe(afterCreate);
  });

  it('answers 404 for unknown or deleted packages, changing nothing', async () => {
    const created = await worlds.root.post('/api/packages', { credits: 20, price: 20 });
    const id = created.json.id as string;
    await worlds.root.delete(`/api/packages/${id}`);
    const before = await worlds.eventCount();
    expect((await worlds.root.patch(`/api/packages/${crypto.randomUUID()}`, { credits: 1, price: 1 })).status).toBe(
      404,
    );
    expect((await worlds.root.patch(`/api/packages/${id}`, { credits: 1, price: 1 })).status).toBe(404);
    expect((await worlds.root.delete(`/api/packages/${id}`)).status).toBe(404);
    expect((await worlds.root.delete('/api/packages/nope')).status).toBe(400);
    expect(await worlds.eventCount()).toBe(before);
  });

  it('refuses anonymous callers, users and disabled admins, changing nothing', async () => {
    const created = await worlds.root.post('/api/packages', { credits: 30, price: 30 });
    const id = created.json.id as string;
    const user = await registeredClient(worlds.world);
    await worlds.world.append(...existingAdmin(PLAIN));
    const plain = worldClient(worlds.world, { kind: 'admin', id: PLAIN });
    expect((await worlds.root.patch(`/api/admins/${PLAIN}`, { isActive: false })).status).toBe(200);
    const before = await worlds.eventCount();
    const body = { credits: 1, price: 1 };
    expect((await worlds.anonymous().post('/api/packages', body)).status).toBe(401);
    expect((await user.http.post('/api/packages', body)).status).toBe(403);
    expect((await plain.post('/api/packages', body)).status).toBe(401);
    expect((await user.http.patch(`/api/packages/${id}`, body)).status).toBe(403);
    expect((await worlds.anonymous().delete(`/api/packages/${id}`)).status).toBe(401);
    expect((await user.http.delete(`/api/packages/${id}`)).status).toBe(403);
    expect((await plain.delete(`/api/packages/${id}`)).status).toBe(401);
    expect(await worlds.eventCount()).toBe(before);
  });
});
