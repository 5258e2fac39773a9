/**
 * The runner on a real event store (PGlite) and the in-memory read models. PGlite takes seconds to
 * start, so the file shares one log: each test writes streams of its own (`t3:s1`) and names its
 * events by stream and revision (`s1#0`), since positions are ordered but not dense.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore, StoredEvent } from '../../platform/eventstore/port';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { guardedUpdate } from './doc-projection';
import {
  CHECKPOINTS,
  createProjectionRunner,
  type ProjectionDefinition,
  type ProjectionRunnerOptions,
  type ProjectorState,
} from './runner';
import { openMemoryPglite } from '../../test/event-stores';

const testOf = (streamId: string) => streamId.split(':')[0];

/** Toy projection: how many Ping/Pong events each stream has. Records every apply call. */
function streamCounts(calls: StoredEvent[] = []): ProjectionDefinition {
  return {
    name: 'stream-counts',
    collections: ['stream_counts'],
    eventTypes: ['Ping', 'Pong'],
    async apply(event, store) {
      calls.push(event);
      await guardedUpdate(store.collection('stream_counts'), event.streamId, event.position, { $inc: { events: 1 } });
    },
  };
}

/** Toy projection interested in Pong only: how many each test appended. */
function pongs(calls: StoredEvent[] = []): ProjectionDefinition {
  return {
    name: 'pongs',
    collections: ['pongs'],
    eventTypes: ['Pong'],
    async apply(event, store) {
      calls.push(event);
      await guardedUpdate(store.collection('pongs'), testOf(event.streamId) ?? '', event.position, {
        $inc: { pongs: 1 },
      });
    },
  };
}

describe('projection runner (PGlite event store, in-memory read models)', () => {
  let eventStore: EventStore;
  let readModels: ReadModelStore;
  let testId = '';
  let testCount = 0;
  const runners: { stop(): Promise<void> }[] = [];
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

  const append = (stream: string, ...types: string[]) =>
    eventStore.appendToStream(
      `${testId}:${stream}`,
      types.map((type) => ({ id: randomUUID(), type, data: {} })),
      { expectedRevision: 'any' },
    );
  const ours = (events: StoredEvent[]) => events.filter((event) => testOf(event.streamId) === testId);
  const label = (event: StoredEvent) => `${event.streamId.slice(testId.length + 1)}#${event.revision}`;
  const labels = (events: StoredEvent[]) => ours(events).map(label);
  const counts = async () => {
    const docs = await readModels
      .collection('stream_counts')
      .find({ _id: { $regex: `^${testId}:` } }, { sort: { _id: 1 } });
    return docs.map(({ _id, events }) => [_id.slice(testId.length + 1), events]);
  };
  const pongCount = async () =>
    (await readModels.collection<{ _id: string; pongs: number }>('pongs').findOne({ _id: testId }))?.pongs;
  const runner = (options: Partial<ProjectionRunnerOptions> = {}) => {
    const created = createProjectionRunner({
      eventStore,
      readModels,
      projections: [streamCounts(), pongs()],
      logger,
      ...options,
    });
    runners.push(created);
    return created;
  };

  beforeAll(async () => {
    eventStore = await openMemoryPglite();
  });
  afterAll(() => eventStore.close());

  beforeEach(async () => {
    readModels = createMingoReadModelStore();
    testId = `t${++testCount}`;
    jest.clearAllMocks();
  });
  afterEach(async () => {
    for (const each of runners.splice(0)) await each.stop();
  });

  test('applies the log, then live events, calling onApplied after each stored batch', async () => {
    await append('s1', 'Ping', 'Ping');
    await append('s2', 'Pong');
    const delivered: StoredEvent[] = [];
    const countsAtPush: unknown[] = [];
    const live = runner({
      onApplied: async (events) => {
        if (ours(events).length > 0) countsAtPush.push(await counts());
        delivered.push(...events);
      },
    });
    await live.start();
    await live.caughtUp();
    expect(await counts()).toEqual([
      ['s1', 2],
      ['s2', 1],
    ]);
    expect(labels(delivered)).toEqual(['s1#0', 's1#1', 's2#0']);
    // the push comes once the read model holds the batch
    expect(countsAtPush[0]).toEqual([
      ['s1', 2],
      ['s2', 1],
    ]);

    const { position } = await append('s2', 'Ping');
    await live.caughtUp();
    expect(await counts()).toEqual([
      ['s1', 2],
      ['s2', 2],
    ]);
    expect(labels(delivered)).toEqual(['s1#0', 's1#1', 's2#0', 's2#1']);
    expect(await readModels.collection(CHECKPOINTS).find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'pongs', position },
      { _id: 'stream-counts', position },
    ]);
  });

  test('gives a projection only its event types, yet advances its checkpoint over the others', async () => {
    const { position } = await append('s1', 'Ping', 'Pong', 'Ping', 'Other');
    const pongCalls: StoredEvent[] = [];
    const countCalls: StoredEvent[] = [];
    const live = runner({ projections: [streamCounts(countCalls), pongs(pongCalls)] });
    await live.start();
    await live.caughtUp();
    expect(ours(pongCalls).map((event) => event.type)).toEqual(['Pong']);
    expect(ours(countCalls).map((event) => event.type)).toEqual(['Ping', 'Pong', 'Ping']);
    expect(live.status()).toEqual([
      { name: 'stream-counts', position },
      { name: 'pongs', position },
    ]);
  });

  test('creates the projections indexes at start, and again after a rebuild dropped them', async () => {
    const uniqueNames: ProjectionDefinition = {
      name: 'names',
      collections: ['names'],
      eventTypes: [],
      indexes: [{ collection: 'names', keys: { name: 1 }, options: { unique: true } }],
      apply: async () => {},
    };
    const live = runner({ projections: [uniqueNames] });
    const names = readModels.collection('names');
    for (const step of [() => live.start(), () => live.rebuild()]) {
      await step();
      await names.insertOne({ _id: '1', name: 'ada' });
      await expect(names.insertOne({ _id: '2', name: 'ada' })).rejects.toMatchObject({ code: 11000 });
    }
  });

  test('resumes from its checkpoint after a restart', async () => {
    const { position } = await append('s1', 'Ping', 'Pong');
    const first = runner();
    await first.start();
    await first.caughtUp();
    await first.stop();

    await append('s1', 'Pong');
    await append('s2', 'Ping');
    const calls: StoredEvent[] = [];
    const second = runner({ projections: [streamCounts(calls), pongs()] });
    await second.start();
    expect(second.status()).toEqual([
      { name: 'stream-counts', position },
      { name: 'pongs', position },
    ]);
    await second.caughtUp();
    expect(labels(calls)).toEqual(['s1#2', 's2#0']);
    expect(await counts()).toEqual([
      ['s1', 3],
      ['s2', 1],
    ]);
    expect(await pongCount()).toBe(2);
  });

  test('applies nothing twice when the checkpoint save was lost in a crash', async () => {
    await append('s1', 'Ping', 'Pong', 'Ping');
    await append('s2', 'Pong');
    const first = runner();
    await first.start();
    await first.caughtUp();
    await first.stop();
    const before = await counts();
    expect(before).toEqual([
      ['s1', 3],
      ['s2', 1],
    ]);

    // the crash: documents written, checkpoints never saved
    await readModels.collection(CHECKPOINTS).deleteMany();
    const calls: StoredEvent[] = [];
    const second = runner({ projections: [streamCounts(calls), pongs()] });
    await second.start();
    await second.caughtUp();
    expect(labels(calls)).toEqual(['s1#0', 's1#1', 's1#2', 's2#0']);
    expect(await counts()).toEqual(before);
    expect(await pongCount()).toBe(2);
  });

  test('a rebuild from zero gives what the live projection gave, and reports its speed', async () => {
    const live = runner();
    await live.start();
    for (let index = 0; index < 20; index++) await append(`s${index % 3}`, index % 4 === 0 ? 'Pong' : 'Ping');
    await live.caughtUp();
    const liveCounts = await counts();
    expect(await pongCount()).toBe(5);
    await readModels.collection('stream_counts').insertOne({ _id: `${testId}:stale`, events: 99 });
    await readModels.collection('pongs').insertOne({ _id: 'stale', pongs: 99 });

    await live.rebuild(['stream-counts']);
    expect(await counts()).toEqual(liveCounts);
    expect(await readModels.collection('pongs').count({ _id: 'stale' })).toBe(1);
    expect(await pongCount()).toBe(5);
    expect(logger.info).toHaveBeenCalledWith(
      'projections rebuilt',
      expect.objectContaining({
        projections: ['stream-counts'],
        events: (await eventStore.readAll()).length,
        eventsPerSecond: expect.any(Number),
        eventsPerCpuSecond: expect.any(Number),
      }),
    );

    // still live after the rebuild
    await append('s0', 'Pong');
    await live.caughtUp();
    expect(await pongCount()).toBe(6);
    await expect(live.rebuild(['nope'])).rejects.toThrow('Unknown projection nope');
  });

  test('a failing apply is retried, then stops the runner and surfaces the error', async () => {
    await append('s1', 'Ping', 'Ping', 'Ping');
    const [, second] = await eventStore.readStream(`${testId}:s1`);
    const broken = new Error('read model unreachable');
    let attempts = 0;
    const failing: ProjectionDefinition = {
      ...streamCounts(),
      async apply(event, store) {
        if (event.id === second?.id) {
          attempts++;
          throw broken;
        }
        await streamCounts().apply(event, store);
      },
    };
    const live = runner({ projections: [failing], retries: 2, retryDelayMs: 1 });
    await live.start();
    await expect(live.caughtUp()).rejects.toBe(broken);
    expect(attempts).toBe(3);
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('could not be applied'),
      expect.objectContaining({ projection: 'stream-counts', position: second?.position, error: broken }),
    );
    expect(live.status()).toEqual([{ name: 'stream-counts', position: null }]);
    expect(live.state().state).toBe('failed');
    expect(await counts()).toEqual([['s1', 1]]);
    await expect(live.caughtUp()).rejects.toBe(broken);
  });

  test('a passing retry resumes at the failed event, applying none twice', async () => {
    const { position } = await append('s1', 'Ping', 'Ping', 'Ping');
    const [, second] = await eventStore.readStream(`${testId}:s1`);
    const calls: StoredEvent[] = [];
    let failures = 1;
    const flaky: ProjectionDefinition = {
      ...pongs(),
      eventTypes: ['Ping'],
      async apply(event) {
        if (event.id === second?.id && failures-- > 0) throw new Error('transient');
        calls.push(event);
      },
    };
    const live = runner({ projections: [flaky], retryDelayMs: 1 });
    await live.start();
    await live.caughtUp();
    expect(labels(calls)).toEqual(['s1#0', 's1#1', 's1#2']);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(live.status()).toEqual([{ name: 'pongs', position }]);
  });

  test('a long catch-up gives the event loop a turn between batches, and says how far it is', async () => {
    // several pages of the subscription (1,000 events each)
    for (let i = 0; i < 4; i++) {
      const events = Array.from({ length: 900 }, () => ({ id: randomUUID(), type: 'Ping', data: {} }));
      await eventStore.appendToStream(`${testId}:bulk${i}`, events, { expectedRevision: 'no_stream' });
    }
    const head = await eventStore.headPosition();
    const live = runner();
    expect(live.state()).toEqual({ state: 'idle', position: null });
    // a timer stands for a request: without a turn of the event loop it would wait for the whole replay
    const seen: ProjectorState[] = [];
    const ticker = setInterval(() => seen.push(live.state()), 0);
    try {
      await live.start();
      await live.caughtUp();
    } finally {
      clearInterval(ticker);
    }
    const during = seen.filter((state) => state.state === 'catching-up');
    expect(during.length).toBeGreaterThanOrEqual(2);
    expect(during.every((state) => state.target === head)).toBe(true);
    expect(new Set(during.map((state) => state.position)).size).toBeGreaterThan(1);
    expect(live.state()).toEqual({ state: 'live', position: head });
    await live.stop();
    expect(live.state().state).toBe('idle');
  });
});
