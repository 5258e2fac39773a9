/**
 * Snapshots of the in-memory read models with the runner on a real event store (PGlite in memory):
 * whatever step of writing a snapshot a crash interrupts, a restart gives the read models a full
 * replay gives, applying no event twice and skipping none.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventStore, StoredEvent } from '../../platform/eventstore/port';
import { createMingoReadModelStore, type MingoReadModelStore } from '../../platform/readmodels/mingo';
import {
  DOCS_PER_FRAME,
  readSnapshotFile,
  SNAPSHOT_STEPS,
  writeSnapshotFile,
  type SnapshotStep,
} from '../../platform/readmodels/snapshot-file';
import { docProjection, guardedUpdate } from './doc-projection';
import { CHECKPOINTS, createProjectionRunner, type ProjectionDefinition } from './runner';
import { createReadModelSnapshots, type ReadModelSnapshotsOptions } from './snapshots';
import { openMemoryPglite } from '../../test/event-stores';

type Tally = { _id: string; revisions: number[]; total: number };

/** One document per stream listing the revisions it saw: an event applied twice or skipped shows. */
const tallies = docProjection<Tally>({
  name: 'tallies',
  collection: 'tallies',
  eventTypes: ['Added'],
  indexes: [{ keys: { total: 1 }, options: { name: 'by_total' } }],
  documentId: (event) => event.streamId,
  evolve: (doc, event) => ({
    _id: event.streamId,
    revisions: [...(doc?.revisions ?? []), event.revision],
    total: (doc?.total ?? 0) + (event.data as { amount: number }).amount,
  }),
});

const totals: ProjectionDefinition = {
  name: 'totals',
  collections: ['totals'],
  eventTypes: ['Added'],
  async apply(event, store) {
    await guardedUpdate(store.collection('totals'), 'all', event.position, {
      $inc: { amount: (event.data as { amount: number }).amount, events: 1 },
    });
  },
};

/** A reaction: what it did is kept outside the read models, as a job or an append would be. */
function reaction(done: string[]): ProjectionDefinition {
  return {
    name: 'reaction:note',
    collections: [],
    eventTypes: ['Added'],
    apply: async (event) => void done.push(event.id),
  };
}

describe('read-model snapshots (PGlite event store, in-memory read models)', () => {
  let eventStore: EventStore;
  let folder: string;
  let file: string;
  let streams = 0;

  beforeAll(async () => {
    eventStore = await openMemoryPglite();
  });
  afterAll(() => eventStore.close());
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'aura-snapshots-'));
    file = path.join(folder, 'readmodels.snapshot');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  /** `count` events spread over a few new streams and one shared stream */
  async function append(count: number): Promise<void> {
    const own = `s${++streams}`;
    for (let i = 0; i < count; i++) {
      const stream = i % 3 === 0 ? 'shared' : `${own}-${i % 5}`;
      await eventStore.appendToStream(stream, [{ id: randomUUID(), type: 'Added', data: { amount: i + 1 } }], {
        expectedRevision: 'any',
      });
    }
  }

  /** A process: a fresh store, a runner with snapshots, caught up. */
  async function start(options: Partial<ReadModelSnapshotsOptions> = {}, done: string[] = []) {
    const store = createMingoReadModelStore();
    const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const snapshots = createReadModelSnapshots({ store, file, fingerprint: 'code-1', logger, ...options });
    const applied: StoredEvent[] = [];
    const counted: ProjectionDefinition = {
      ...tallies,
      apply: async (event, readModels) => (applied.push(event), tallies.apply(event, readModels)),
      applyBatch: async (events, readModels) => (applied.push(...events), tallies.applyBatch?.(events, readModels)),
    };
    const runner = createProjectionRunner({
      eventStore,
      readModels: store,
      projections: [counted, totals, reaction(done)],
      snapshots,
      logger,
    });
    await runner.start();
    await runner.caughtUp();
    return { store, runner, applied, logger };
  }

  /** The read models as a replay of the whole log builds them, checkpoints aside. */
  async function fullReplay() {
    const store = createMingoReadModelStore();
    const runner = createProjectionRunner({ eventStore, readModels: store, projections: [tallies, totals] });
    await runner.start();
    await runner.caughtUp();
    await runner.stop();
    return readModelsOf(store);
  }

  const readModelsOf = async (store: MingoReadModelStore) => ({
    tallies: await store.collection('tallies').find({}, { sort: { _id: 1 } }),
    totals: await store.collection('totals').find({}),
    byTotal: await store.collection('tallies').count({ total: { $gt: 10 } }),
  });

  test('a restart restores the snapshot and applies only the events after it', async () => {
    await append(30);
    const first = await start();
    await first.runner.stop();
    await append(7);
    const second = await start();
    expect(second.applied.filter((event) => event.type === 'Added')).toHaveLength(7);
    expect(await readModelsOf(second.store)).toEqual(await fullReplay());
    // the restored collection keeps its declared index
    expect(await second.store.collection('tallies').find({ total: 3 })).toEqual(
      await (await fullReplayStore()).collection('tallies').find({ total: 3 }),
    );
    await second.runner.stop();
  });

  test('a long catch-up leaves a snapshot soon after, without waiting for a stop', async () => {
    await append(5);
    const running = await start({ policy: { everyEvents: 1 } });
    await expect(stat(file)).rejects.toThrow();
    for (let waited = 0; waited < 10_000 && !(await stat(file).catch(() => undefined)); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const read = await readSnapshotFile(file);
    expect('snapshot' in read).toBe(true);
    await running.runner.stop();
  });

  test('live, a due snapshot goes on schedule: the runner does not ask the engine for the head after each batch', async () => {
    await append(5);
    const running = await start({ policy: { everyEvents: 1, minIntervalMs: 0 } });
    const { headPosition } = eventStore;
    let heads = 0;
    eventStore.headPosition = () => {
      heads += 1;
      return headPosition.call(eventStore);
    };
    try {
      const before = running.applied.length;
      // a steady load: each append is its own batch, and a snapshot is due after every one
      await append(20);
      for (let waited = 0; waited < 5_000 && running.applied.length < before + 20; waited += 10)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(running.applied.length).toBe(before + 20);
      expect(heads).toBe(0);
    } finally {
      eventStore.headPosition = headPosition;
    }
    await running.runner.stop();
    expect('snapshot' in (await readSnapshotFile(file))).toBe(true);
  });

  async function fullReplayStore() {
    const store = createMingoReadModelStore();
    const runner = createProjectionRunner({ eventStore, readModels: store, projections: [tallies, totals] });
    await runner.start();
    await runner.caughtUp();
    await runner.stop();
    return store;
  }

  describe.each(SNAPSHOT_STEPS.map((step) => [step]))('a crash before "%s"', (crashAt) => {
    const crashBefore = (step: SnapshotStep) => {
      if (step === crashAt) throw new Error(`crash before ${step}`);
    };

    test('of the first snapshot: the restart replays the log', async () => {
      await append(12);
      const crashed = await start({ beforeStep: crashBefore });
      await crashed.runner.stop();
      expect(crashed.logger.error).toHaveBeenCalledWith(expect.stringContaining('snapshot failed'), expect.anything());
      await append(4);
      const restarted = await start();
      expect(await readModelsOf(restarted.store)).toEqual(await fullReplay());
      await restarted.runner.stop();
      await expect(stat(`${file}.tmp`)).rejects.toThrow();
    });

    test('of a later snapshot: the restart starts from the old or the new one, never from half of one', async () => {
      await append(20);
      await (await start()).runner.stop();
      const before = await readFile(file);
      await append(9);
      const crashed = await start({ beforeStep: crashBefore });
      await crashed.runner.stop();
      const renamed = SNAPSHOT_STEPS.indexOf(crashAt) > SNAPSHOT_STEPS.indexOf('rename');
      expect((await readFile(file)).equals(before)).toBe(!renamed);
      await append(5);
      const restarted = await start();
      expect(restarted.applied).toHaveLength(renamed ? 5 : 14);
      expect(await readModelsOf(restarted.store)).toEqual(await fullReplay());
      await restarted.runner.stop();
    });
  });

  test('a crash between two frames of documents leaves the previous snapshot', async () => {
    await append(3);
    await (await start()).runner.stop();
    // more documents than one frame holds, so the write is cut between two frames
    const many = createMingoReadModelStore();
    await many.collection('tallies').createIndex({ total: 1 }, { name: 'by_total' });
    for (let i = 0; i < DOCS_PER_FRAME + 10; i++)
      await many.collection('tallies').insertOne({ _id: `x${i}`, revisions: [], total: i, _pos: 1 });
    let frames = 0;
    const cut = (step: SnapshotStep) => {
      if (step === 'write-documents' && ++frames === 2) throw new Error('crash between frames');
    };
    const snapshots = createReadModelSnapshots({
      store: many,
      file,
      fingerprint: 'code-1',
      beforeStep: cut,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    snapshots.noteApplied(1);
    await snapshots.flush([tallies]);
    expect(frames).toBe(2);
    const restarted = await start();
    expect(await readModelsOf(restarted.store)).toEqual(await fullReplay());
    await restarted.runner.stop();
  });

  test('a corrupt snapshot is ignored and the log replayed', async () => {
    await append(10);
    await (await start()).runner.stop();
    const data = await readFile(file);
    const middle = Math.floor(data.length / 2);
    data[middle] = (data[middle] ?? 0) ^ 0xff;
    await writeFile(file, data);
    const restarted = await start();
    expect(restarted.logger.info).toHaveBeenCalledWith(expect.stringContaining('none to restore'), {
      reason: 'checksum mismatch',
    });
    expect(await readModelsOf(restarted.store)).toEqual(await fullReplay());
    await restarted.runner.stop();
  });

  test('a torn snapshot (cut short, as a power loss can leave a file whose data never reached the disk) is ignored and the log replayed', async () => {
    await append(10);
    await (await start()).runner.stop();
    const data = await readFile(file);
    await writeFile(file, data.subarray(0, Math.floor(data.length * 0.6)));
    const restarted = await start();
    expect(restarted.logger.info).toHaveBeenCalledWith(expect.stringContaining('none to restore'), {
      reason: 'checksum mismatch',
    });
    expect(await readModelsOf(restarted.store)).toEqual(await fullReplay());
    await restarted.runner.stop();
  });

  test('documents ahead of their checkpoint (a snapshot taken mid-batch) are caught by the _pos guards', async () => {
    await append(15);
    await (await start()).runner.stop();
    const read = await readSnapshotFile(file);
    if (!('snapshot' in read)) throw new Error('no snapshot');
    const checkpoints = read.snapshot.collections.find((collection) => collection.name === CHECKPOINTS)!;
    // every checkpoint back to the log's start: the whole log comes again over documents that hold it
    checkpoints.docs = checkpoints.docs.filter((doc) => !doc._id.startsWith('reaction:'));
    checkpoints.docs = checkpoints.docs.map((doc) => ({ ...doc, position: 0 }));
    await writeSnapshotFile({ file }, read.snapshot);
    const restarted = await start();
    expect(restarted.applied.length).toBeGreaterThan(0);
    expect(await readModelsOf(restarted.store)).toEqual(await fullReplay());
    await restarted.runner.stop();
  });

  test('after an upgrade (other code) the read models are rebuilt, the reactions go on from their checkpoint', async () => {
    await append(8);
    const done: string[] = [];
    await (await start({}, done)).runner.stop();
    const seen = done.length;
    await append(3);
    const upgraded = await start({ fingerprint: 'code-2' }, done);
    expect(upgraded.applied.length).toBe(seen + 3);
    expect(done).toHaveLength(seen + 3);
    expect(new Set(done).size).toBe(done.length);
    expect(await readModelsOf(upgraded.store)).toEqual(await fullReplay());
    await upgraded.runner.stop();
  });

  test("a reaction's checkpoint is saved only as of a moment when its jobs were all done", async () => {
    await append(6);
    const done: string[] = [];
    await (await start({}, done)).runner.stop();
    const settled = done.length;
    await append(4);
    // jobs still pending when the snapshot is taken (and lost with the process)
    await (await start({ jobsSettled: () => false, settleTimeoutMs: 50 }, done)).runner.stop();
    expect(done).toHaveLength(settled + 4);
    await append(1);
    const restarted = await start({}, done);
    // the 4 events whose jobs may have been lost come to the reaction again
    expect(done).toHaveLength(settled + 4 + 5);
    expect(await readModelsOf(restarted.store)).toEqual(await fullReplay());
    await restarted.runner.stop();
  });

  test('a clean stop waits for pending jobs, so its snapshot keeps the reactions going from where they were', async () => {
    await append(6);
    const done: string[] = [];
    // the replay's jobs are pending when the catch-up ends and when the stop begins, done 150 ms later
    let settledAt = Infinity;
    const running = await start({ jobsSettled: () => performance.now() >= settledAt }, done);
    settledAt = performance.now() + 150;
    await running.runner.stop();
    expect(performance.now()).toBeGreaterThanOrEqual(settledAt);
    const seen = done.length;
    await append(2);
    const restarted = await start({}, done);
    // only the new events come to the reaction: its checkpoint was in the snapshot
    expect(done).toHaveLength(seen + 2);
    expect(restarted.applied).toHaveLength(2);
    await restarted.runner.stop();
  });

  test('a clean stop does not wait for a job due after its bound (it could not be done in time)', async () => {
    await append(2);
    const running = await start({
      jobsSettled: () => false,
      jobsDueAt: () => Date.now() + 60_000,
      settleTimeoutMs: 10_000,
    });
    const stopping = performance.now();
    await running.runner.stop();
    expect(performance.now() - stopping).toBeLessThan(2_000);
  });

  test('reaction checkpoints held back by pending jobs are written at the stop even if nothing was applied since', async () => {
    await append(4);
    const done: string[] = [];
    let settled = false;
    const running = await start({ jobsSettled: () => settled, policy: { everyEvents: 1 } }, done);
    // the snapshot after the catch-up, taken while jobs were pending
    for (let waited = 0; waited < 10_000 && !(await stat(file).catch(() => undefined)); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    settled = true;
    await running.runner.stop();
    const seen = done.length;
    await append(1);
    await (await start({}, done)).runner.stop();
    expect(done).toHaveLength(seen + 1);
  });

  test('a rebuild and a restart give the same read models', async () => {
    await append(25);
    await (await start()).runner.stop();
    const store = createMingoReadModelStore();
    const snapshots = createReadModelSnapshots({
      store,
      file,
      fingerprint: 'code-1',
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    const rebuilder = createProjectionRunner({
      eventStore,
      readModels: store,
      projections: [tallies, totals],
      snapshots,
    });
    await rebuilder.rebuild();
    const rebuilt = await readModelsOf(store);
    const restarted = await start();
    expect(restarted.applied).toHaveLength(0);
    expect(await readModelsOf(restarted.store)).toEqual(rebuilt);
    expect(rebuilt).toEqual(await fullReplay());
    await restarted.runner.stop();
  });
});
