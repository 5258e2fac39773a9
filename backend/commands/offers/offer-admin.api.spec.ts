/**
 * Limited offers are managed by admins only; bad input is refused and nothing changes. In memory,
 * over the HTTP API. Was the last test of backend/test/purchases.int.ts (a whole app on the
 * embedded stack).
 */
import { newId } from '../../platform/ids';
import { apiSpec } from '../../test/api-spec';
import { registeredClient, worldPerSpec } from '../../test/world-client';

const ROOT = '0b3f6a1c-8e2d-4f7a-9c5b-1d2e3f4a5b6c';
const worlds = worldPerSpec(apiSpec({ covers: [] }), ROOT);

it('lets only admins manage offers, refuses bad input, changes nothing', async () => {
  const admin = worlds.root;
  const { http } = await registeredClient(worlds.world);
  await worlds.world.settled();
  const before = await worlds.eventCount();
  expect((await worlds.anonymous().post('/api/offers', { bonusPercent: 10 })).status).toBe(401);
  expect((await http.post('/api/offers', { bonusPercent: 10 })).status).toBe(403);
  expect((await http.get('/api/offers')).status).toBe(403);
  const bad = await admin.post('/api/offers', { bonusPercent: 0 });
  expect(bad.status).toBe(400);
  expect(bad.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.bonusPercent' })]));
  expect((await admin.post('/api/offers', { bonusPercent: 'x', durationMinutes: -1 })).status).toBe(400);
  expect((await admin.post(`/api/offers/${newId()}/end`)).status).toBe(404);
  expect((await admin.post('/api/offers/nope/end')).status).toBe(400);
  expect(await worlds.eventCount()).toBe(before);
  expect((await admin.delete(`/api/offers/${newId()}`)).status).toBe(404);
});
