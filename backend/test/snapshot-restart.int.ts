/**
 * The real modules' read models across restarts of the embedded process, on a history that touches
 * most modules (demo catalogue, admins, performers, users, wallets, chat, favourites, aliases,
 * sessions): whatever step of writing a snapshot a crash interrupts (faults injected before each
 * step), a restart gives the read models a full replay of the log gives; and a rebuild
 * (`npm run projections:rebuild`) and the restart after it give them too.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../platform/config/config';
import { createLogger } from '../platform/logging/logger';
import { CHECKPOINTS, createProjectionRunner } from '../kernel/projections/runner';
import { createMingoReadModelStore, type CollectionDump, type MingoReadModelStore } from '../platform/readmodels/mingo';
import type { ReadModelStore } from '../platform/readmodels/port';
import { SNAPSHOT_STEPS, type SnapshotStep } from '../platform/readmodels/snapshot-file';
import { startProjector } from '../entry/roles';
import { openRuntime } from '../entry/runtime';
import { adminClient, send, superadminClient } from './admin-session';
import { startTestApp, type TestApp } from './app-harness';
import { fundedUser, onlinePerformer } from './session-helpers';

const SNAPSHOT = 'readmodels.snapshot';
const quiet = () => createLogger('error');
const configFor = (dataDir: string) => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', SEED_DEMO: 'false' });

function expectOk<A extends { status: number; text: string }>(answer: A, what: string): A {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.text}`);
  return answer;
}

/** Activity through the API, as people would make it; returns once the read models hold it. */
async function busyHistory(app: TestApp, balances = [500, 300]): Promise<void> {
  await app.seedDemo();
  const superadmin = await superadminClient(app);
  const admin = await adminClient(app, superadmin);
  const performer = await onlinePerformer(app.url, admin.http);
  for (const [n, auracoin] of balances.entries()) {
    const user = await fundedUser(app, admin.http, auracoin);
    const conversation = expectOk(
      await user.http.post('/api/conversations', { performerId: performer.id }),
      'conversation',
    ).json;
    expectOk(
      await user.http.post('/api/messages', {
        conversationId: conversation.id,
        senderId: user.id,
        senderType: 'user',
        content: `ciao ${n}`,
      }),
      'message',
    );
    expectOk(
      await performer.http.post('/api/messages', {
        conversationId: conversation.id,
        senderId: performer.id,
        senderType: 'performer',
        content: 'ciao a te',
      }),
      'reply',
    );
    expectOk(await send(user.http, 'PUT', `${app.url}/api/favourites/${performer.id}`), 'favourite');
    expectOk(
      await user.http.post(`/api/users/${user.id}/aliases`, {
        aliasName: `Zorro${n}${Date.now().toString(36)}`,
        price: 50,
      }),
      'alias',
    );
    const session = expectOk(await user.http.post('/api/sessions', { performerId: performer.id }), 'session request');
    expectOk(await performer.http.post(`/api/sessions/${session.json.id as string}/decline`), 'session decline');
  }
  await app.settled();
}

/** The read models in a form to compare: documents by _id, collections with documents, read-model checkpoints (reactions hold none). */
function readModelsOf(store: ReadModelStore) {
  const comparable: Record<string, { indexes: CollectionDump['indexes']; docs: CollectionDump['docs'] }> = {};
  for (const { name, indexes, docs } of (store as MingoReadModelStore).dump()) {
    const kept = name === CHECKPOINTS ? docs.filter((doc) => !doc._id.startsWith('reaction:')) : docs;
    if (kept.length === 0) continue;
    comparable[name] = {
      indexes: [...indexes].sort(([a], [b]) => a.localeCompare(b)),
      docs: [...kept].sort((a, b) => a._id.localeCompare(b._id)),
    };
  }
  return comparable;
}

/** Every read-model projection of the product over the whole log, into a fresh store, no snapshot. */
async function fullReplay(dataDir: string) {
  const runtime = await openRuntime(configFor(dataDir), quiet());
  try {
    const store = createMingoReadModelStore();
    const projections = runtime.sides.reads.flatMap((side) => side.projections ?? []);
    const runner = createProjectionRunner({ eventStore: runtime.infra.eventStore, readModels: store, projections });
    await runner.start();
    await runner.caughtUp();
    await runner.stop();
    return { readModels: readModelsOf(store), head: await runtime.infra.eventStore.headPosition() };
  } finally {
    await runtime.close();
  }
}

/** `npm start` again on the folder: the read models once caught up, and the log's head then. */
async function restart(dataDir: string) {
  const app = await startTestApp({ DATA_DIR: dataDir });
  try {
    await app.settled();
    return { readModels: readModelsOf(app.infra.readModels), head: await app.infra.eventStore.headPosition() };
  } finally {
    await app.close();
  }
}

describe('read models across restarts of the whole app (every module)', () => {
  let base: string;
  const folders: string[] = [];
  const copyOfBase = async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'aura-restart-'));
    folders.push(folder);
    await cp(base, folder, { recursive: true });
    return folder;
  };

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'aura-restart-base-'));
    folders.push(base);
    const app = await startTestApp({ DATA_DIR: base });
    await busyHistory(app);
    // a clean stop: the snapshot every case starts from
    await app.close();
  });
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  test.each(SNAPSHOT_STEPS.map((step) => [step]))(
    'a crash before "%s" of a snapshot, then a restart: the read models of a full replay',
    async (crashAt) => {
      const dataDir = await copyOfBase();
      const before = await readFile(path.join(dataDir, SNAPSHOT));
      let crashed = false;
      const app = await startTestApp(
        { DATA_DIR: dataDir },
        {
          snapshotFaults: (step: SnapshotStep) => {
            if (step !== crashAt) return;
            crashed = true;
            throw new Error(`crash before ${step}`);
          },
        },
      );
      await busyHistory(app, [200]);
      // the stop writes a snapshot of what came since, and the fault cuts it: nothing else is written after
      await app.close();
      expect(crashed).toBe(true);
      const renamed = SNAPSHOT_STEPS.indexOf(crashAt) > SNAPSHOT_STEPS.indexOf('rename');
      expect((await readFile(path.join(dataDir, SNAPSHOT))).equals(before)).toBe(!renamed);

      const restarted = await restart(dataDir);
      const replayed = await fullReplay(dataDir);
      expect(restarted.head).toBe(replayed.head);
      expect(restarted.readModels).toEqual(replayed.readModels);
    },
  );

  test('a rebuild (npm run projections:rebuild) and the restart after it give the read models of a full replay', async () => {
    const dataDir = await copyOfBase();
    const runtime = await openRuntime(configFor(dataDir), quiet());
    let rebuilt: ReturnType<typeof readModelsOf>;
    try {
      const runner = await startProjector(runtime, { readModelsOnly: true });
      await runner.rebuild();
      rebuilt = readModelsOf(runtime.infra.readModels);
      await runner.stop();
    } finally {
      await runtime.close();
    }
    const restarted = await restart(dataDir);
    const replayed = await fullReplay(dataDir);
    expect(Object.keys(replayed.readModels).length).toBeGreaterThan(10);
    expect(rebuilt).toEqual(replayed.readModels);
    expect(restarted.readModels).toEqual(replayed.readModels);
  });
});
