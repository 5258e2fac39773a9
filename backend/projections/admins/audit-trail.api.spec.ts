/**
 * Issue 19, item 10: every admin action that moves money or changes an account is recorded with who
 * and when: each event it appends names the admin, and `GET /api/admin/audit-trail` lists it,
 * newest first, a page at a time, to admins only. In memory, over the HTTP API. Was the last part
 * of backend/test/security/admin-door.int.ts (a whole app on the embedded stack).
 */
import type { AuditTrailPage } from '@aura/contracts';
import { freshAdmin, freshPerformerRegistration } from '../../test/api-fixtures';
import { apiSpec } from '../../test/api-spec';
import { registeredClient, worldClient, worldPerSpec } from '../../test/world-client';

const spec = apiSpec({ covers: [] });

// the superadmin acting, as the first start made her
const adminId = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const worlds = worldPerSpec(spec, adminId);

it('each event an admin action appends names the admin; the audit trail lists them newest first, paged', async () => {
  const { world, root: superadmin } = worlds;
  /** A registered user whose welcome auracoin an admin took away (as the integration's fundedUser with 0). */
  async function emptiedUser() {
    const user = await registeredClient(world);
    expect((await superadmin.patch(`/api/users/${user.id}`, { auracoinBalance: 0 })).status).toBe(200);
    return user;
  }

  const performer = await superadmin.post('/api/performers', {
    name: 'Performer Online',
    age: 27,
    image: '/demo/performers/1.svg',
    isOnline: true,
    creditsPerMinute: 2,
    languages: 'Italiano',
    username: 'perfonline',
    email: 'perfonline@example.com',
    password: 'secret-pass',
  });
  expect(performer.status).toBe(201);
  const performerId = performer.json.id as string;
  const user = await emptiedUser();
  const other = await emptiedUser();
  const pending = await worldClient(world).post('/api/performers', freshPerformerRegistration());
  expect(pending.status).toBe(201);
  await world.settled();
  const start = (await world.ports.eventStore.headPosition()) ?? -1;

  const created = await superadmin.post('/api/admins', freshAdmin());
  const pkg = await superadmin.post('/api/packages', { credits: 100, bonus: 10, price: 99, popular: false });
  const offer = await superadmin.post('/api/offers', { bonusPercent: 10, durationMinutes: 60 });
  const actions: [string, { status: number }][] = [
    ['create admin', created],
    ['disable admin', await superadmin.patch(`/api/admins/${created.json.id as string}`, { isActive: false })],
    ['create package', pkg],
    [
      'change package',
      await superadmin.patch(`/api/packages/${pkg.json.id as string}`, {
        credits: 120,
        bonus: 0,
        price: 110,
        popular: false,
      }),
    ],
    ['delete package', await superadmin.delete(`/api/packages/${pkg.json.id as string}`)],
    ['start offer', offer],
    ['end offer', await superadmin.post(`/api/offers/${offer.json.id as string}/end`)],
    ['adjust balance', await superadmin.patch(`/api/users/${user.id}`, { auracoinBalance: 25 })],
    ['delete user', await superadmin.delete(`/api/users/${other.id}`)],
    [
      'change performer',
      await superadmin.patch(`/api/performers/${performerId}`, { name: 'Cambiata', creditsPerMinute: 3 }),
    ],
    [
      'reject performer',
      await superadmin.post(`/api/admin/performers/${pending.json.id as string}/verify`, {
        status: 'rejected',
        rejectionReason: 'Documento illeggibile',
      }),
    ],
    ['delete performer', await superadmin.delete(`/api/performers/${performerId}`)],
  ];
  expect(
    actions.filter(([, answer]) => answer.status >= 300).map(([what, answer]) => `${what}: ${answer.status}`),
  ).toEqual([]);
  await world.settled();

  const appended = (await world.ports.eventStore.readAll()).filter((event) => event.position > start);
  expect(appended.length).toBeGreaterThanOrEqual(actions.length);
  const unnamed = appended.filter(
    (event) => event.metadata.actorKind !== 'admin' || event.metadata.actorId !== adminId,
  );
  expect(unnamed.map((event) => `${event.type} on ${event.streamId}`)).toEqual([]);
  expect(appended.every((event) => event.createdAt instanceof Date)).toBe(true);

  // the trail: every one of them, newest first, with who and when, a page at a time
  const seen: AuditTrailPage['actions'] = [];
  let before: number | null = null;
  do {
    const page = await superadmin.get(`/api/admin/audit-trail?limit=5${before === null ? '' : `&before=${before}`}`);
    expect(page.status).toBe(200);
    const body = page.json as unknown as AuditTrailPage;
    seen.push(...body.actions);
    before = body.nextBefore;
  } while (before !== null);
  const recent = seen.filter((action) => action.position > start);
  expect(recent.map((action) => action.position)).toEqual(appended.map((event) => event.position).reverse());
  expect(recent.every((action) => action.adminId === adminId && !Number.isNaN(Date.parse(action.at)))).toBe(true);
  expect(new Set(recent.map((action) => action.action))).toEqual(new Set(appended.map((event) => event.type)));

  // only admins read it
  expect((await user.http.get('/api/admin/audit-trail')).status).toBe(403);
  expect((await worldClient(world).get('/api/admin/audit-trail')).status).toBe(401);
});
