import { streams } from '@aura/contracts';
import { client, startTestApp, type TestApp } from './app-harness';
import { auracoinPackage, decideCreatePackage } from '../commands/packages/package';
import { handleCommand } from '../kernel/handle-command';
import { deterministicId } from '../platform/ids';
import { adminClient, logLength, send, superadminClient, userClient } from './admin-session';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('GET /api/packages', () => {
  it('lists packages to anyone, smallest first, price in euro', async () => {
    const now = () => new Date('2026-11-20T10:00:00.000Z');
    for (const [credits, priceCents] of [
      [500, 4500],
      [100, 1000],
    ] as const) {
      const packageId = deterministicId(`packages-int:${credits}`);
      await handleCommand(app.infra.eventStore, streams.package(packageId), auracoinPackage, (state) =>
        decideCreatePackage({ packageId, credits, bonus: 5, priceCents, popular: credits === 500 }, state, now()),
      );
    }
    await app.settled();
    const list = await client(app.url).get('/api/packages');
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      { id: deterministicId('packages-int:100'), credits: 100, bonus: 5, price: 10, popular: false },
      { id: deterministicId('packages-int:500'), credits: 500, bonus: 5, price: 45, popular: true },
    ]);
  });
});

describe('POST/PATCH/DELETE /api/packages', () => {
  let root: Awaited<ReturnType<typeof superadminClient>>;
  beforeAll(async () => {
    root = await superadminClient(app);
  });

  it('creates, updates and deletes a package, each event naming the admin', async () => {
    const me = await root.get('/api/admin/me');
    const adminId = (me.json.admin as { id: string }).id;
    const created = await root.post('/api/packages', { credits: 300, price: 250 });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ credits: 300, bonus: 0, price: 250, popular: false });
    const id = created.json.id as string;
    expect((await client(app.url).get('/api/packages')).json).toContainEqual(created.json);

    const updated = await send(root, 'PATCH', `${app.url}/api/packages/${id}`, {
      credits: 350,
      bonus: 50,
      price: 300,
      popular: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toEqual({ id, credits: 350, bonus: 50, price: 300, popular: true });

    const deleted = await send(root, 'DELETE', `${app.url}/api/packages/${id}`);
    expect(deleted.status).toBe(200);
    const list = (await client(app.url).get('/api/packages')).json as unknown as { id: string }[];
    expect(list.map((p) => p.id)).not.toContain(id);

    const events = await app.infra.eventStore.readStream(streams.package(id));
    expect(events.map((e) => e.type)).toEqual(['PackageCreated', 'PackageUpdated', 'PackageDeleted']);
    expect(
      events.map((e) => Object.entries(e.data as Record<string, unknown>).find(([k]) => k.endsWith('By'))?.[1]),
    ).toEqual([adminId, adminId, adminId]);
    expect((events[0]!.data as { priceCents: number }).priceCents).toBe(25_000);
  });

  it('refuses bad input with 400 naming the fields, changing nothing', async () => {
    const before = await logLength(app);
    const refused = await root.post('/api/packages', { credits: -5, price: 'ten', bonus: 1.5 });
    expect(refused.status).toBe(400);
    for (const field of ['body.credits', 'body.price', 'body.bonus'])
      expect(String(refused.json.error)).toContain(field);
    expect((await root.post('/api/packages', 'not json{')).status).toBe(400);
    const created = await root.post('/api/packages', { credits: 10, price: 10 });
    const afterCreate = await logLength(app);
    expect(afterCreate).toBe(before + 1);
    expect(
      (await send(root, 'PATCH', `${app.url}/api/packages/${created.json.id as string}`, { credits: 10 })).status,
    ).toBe(400);
    expect(await logLength(app)).toBe(afterCreate);
  });

  it('answers 404 for unknown or deleted packages, changing nothing', async () => {
    const created = await root.post('/api/packages', { credits: 20, price: 20 });
    const id = created.json.id as string;
    await send(root, 'DELETE', `${app.url}/api/packages/${id}`);
    const before = await logLength(app);
    expect(
      (await send(root, 'PATCH', `${app.url}/api/packages/${crypto.randomUUID()}`, { credits: 1, price: 1 })).status,
    ).toBe(404);
    expect((await send(root, 'PATCH', `${app.url}/api/packages/${id}`, { credits: 1, price: 1 })).status).toBe(404);
    expect((await send(root, 'DELETE', `${app.url}/api/packages/${id}`)).status).toBe(404);
    expect((await send(root, 'DELETE', `${app.url}/api/packages/nope`)).status).toBe(400);
    expect(await logLength(app)).toBe(before);
  });

  it('refuses anonymous callers, users and disabled admins, changing nothing', async () => {
    const created = await root.post('/api/packages', { credits: 30, price: 30 });
    const id = created.json.id as string;
    const user = await userClient(app);
    const plain = await adminClient(app, root);
    await send(root, 'PATCH', `${app.url}/api/admins/${plain.id}`, { isActive: false });
    const before = await logLength(app);
    const body = { credits: 1, price: 1 };
    expect((await client(app.url).post('/api/packages', body)).status).toBe(401);
    expect((await user.http.post('/api/packages', body)).status).toBe(403);
    expect((await plain.http.post('/api/packages', body)).status).toBe(401);
    expect((await send(user.http, 'PATCH', `${app.url}/api/packages/${id}`, body)).status).toBe(403);
    expect((await send(client(app.url), 'DELETE', `${app.url}/api/packages/${id}`)).status).toBe(401);
    expect((await send(user.http, 'DELETE', `${app.url}/api/packages/${id}`)).status).toBe(403);
    expect((await send(plain.http, 'DELETE', `${app.url}/api/packages/${id}`)).status).toBe(401);
    expect(await logLength(app)).toBe(before);
  });
});
