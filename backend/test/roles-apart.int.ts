/**
 * The roles apart, as compose runs them: an api + projector process and a worker process on one
 * PostgreSQL log and one Redis. Each opens only its sides (the worker no command side, the api no
 * worker side); the worker follows the log for its reactions itself, so a photo sold through the
 * api is credited to the performer by the worker, once, and the ledger audit passes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { performerStreams } from '@aura/contracts';
import { firstStart, startApi, startProjector, startWorker } from '../entry/roles';
import { openRuntime, type Runtime } from '../entry/runtime';
import { auditLog } from '../entry/ledger-audit-run';
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import type { ProjectionRunner } from '../kernel/projections/runner';
import { client } from './app-harness';
import { send } from './admin-session';
import { scratchDatabase } from './session-helpers';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const describeApart = databaseUrl && redisUrl ? describe : describe.skip;
if (!databaseUrl || !redisUrl)
  process.stdout.write('\n[skip] roles apart: needs DATABASE_URL (PostgreSQL) and REDIS_URL\n');

/** a Redis database of its own, so its queues meet no other suite's */
function ownRedisDatabase(url: string) {
  const parsed = new URL(url);
  parsed.pathname = '/9';
  return parsed.toString();
}

describeApart('the api, projector and worker as separate processes', () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  const folders: string[] = [];
  let api: Runtime;
  let worker: Runtime;
  let projector: ProjectionRunner;
  let stopWorker: () => Promise<void>;
  let url: string;

  const open = async (roles: Runtime['roles'], http: boolean) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-roles-'));
    folders.push(dataDir);
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      DATABASE_URL: database.url,
      REDIS_URL: ownRedisDatabase(redisUrl!),
      SESSION_SECRET: 'roles-apart-session-secret-of-32-chars',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'root-password-1',
    });
    return openRuntime(config, createLogger('error'), { roles, http });
  };

  beforeAll(async () => {
    const redis = new Redis(ownRedisDatabase(redisUrl!));
    await redis.flushdb();
    redis.disconnect();
    database = await scratchDatabase(databaseUrl!, 'aura_roles_apart');
    api = await open(['api', 'projector'], true);
    worker = await open(['worker'], false);
    await firstStart(api);
    url = `http://127.0.0.1:${(await startApi(api, { serveFrontend: false })).port}`;
    projector = await startProjector(api);
    stopWorker = (await startWorker(worker)).stop;
    await projector.caughtUp();
  }, 60_000);
  afterAll(async () => {
    await stopWorker?.();
    await worker?.close();
    await projector?.stop();
    await api?.close();
    await database?.drop();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it('opens only the sides of its roles', () => {
    expect(api.sides.workers).toEqual([]);
    expect(api.sides.commands.map((side) => side.name)).toContain('photos');
    expect(worker.sides.commands).toEqual([]);
    expect(worker.sides.workers.map((side) => side.name).sort()).toEqual([
      'accounts',
      'ledger',
      'payouts',
      'performers',
      'sessions',
      'shows',
    ]);
    expect(worker.modules.commands).toBeUndefined();
  });

  it("credits a photo sold through the api from the worker's own subscription, once, and the audit passes", async () => {
    const admin = client(url);
    expect((await admin.post('/api/admin/verify', { username: 'root', password: 'root-password-1' })).status).toBe(200);
    const buyer = client(url);
    const registered = await buyer.post('/api/register', {
      username: 'rolesbuyer',
      email: 'rolesbuyer@example.com',
      password: 'secret-pass',
      sensitiveDataConsent: true,
    });
    expect(registered.status).toBe(201);
    const buyerId = registered.json.id as string;
    await projector.caughtUp();
    expect((await send(admin, 'PATCH', `${url}/api/users/${buyerId}`, { auracoinBalance: 500 })).status).toBe(200);

    const giulia = client(url);
    const giuliaId = (
      await giulia.post('/api/performer/login', { username: 'giulia.rossi', password: 'demo-performer' })
    ).json.id as string;
    const photos = (await client(url).get(`/api/performers/${giuliaId}/photos`)).json as unknown as { id: string }[];
    const bought = await buyer.post(`/api/photos/${photos[0]!.id}/purchase`, undefined, {
      'idempotency-key': 'roles-apart-1',
    });
    expect(bought.status).toBe(201);

    const credits = async () =>
      (await api.infra.eventStore.readStream(performerStreams.earnings(giuliaId))).filter(
        (event) => event.type === 'PerformerEarningsCredited',
      );
    for (const deadline = Date.now() + 15_000; (await credits()).length === 0;) {
      if (Date.now() > deadline) throw new Error("the worker's reaction never credited the sale");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // a second credit would come within this (separate processes' reactions): no condition tells that none comes
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await credits()).toHaveLength(1);
    expect((await credits())[0]!.data).toMatchObject({ performerId: giuliaId, source: 'photo' });

    await projector.caughtUp();
    const report = await auditLog(api, true);
    expect(report.problems).toEqual([]);
  }, 60_000);
});
