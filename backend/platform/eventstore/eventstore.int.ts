/**
 * The event store contract against every engine this machine can reach: PGlite always,
 * PostgreSQL from DATABASE_URL (or a container), EventStoreDB from EVENTSTORE_URL (or a container).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describeWithEngine } from '../../test/engines';
import {
  eventStoreDbSource,
  postgresSource,
  useEventStoreDb,
  usePostgresEventStore,
  openMemoryPglite,
} from '../../test/event-stores';
import { eventStoreContract } from './eventstore.contract';
import { createPgliteEventStore } from './pglite';
import { WrongExpectedRevisionError, type EventStore, type EventToAppend, type StoredEvent } from './port';
import { MAX_EVENTS_PER_APPEND } from './sql-statements';
import { until } from '../../test/session-helpers';

// the integration project's testTimeout is not applied per project by Jest
jest.setTimeout(60_000);
const newEvents = (count: number): EventToAppend[] =>
  Array.from({ length: count }, (_, n) => ({ id: randomUUID(), type: 'Tested', data: { n } }));
const idsOf = (events: { id: string }[]): string[] => events.map((event) => event.id);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('PGlite event store (in memory)', () => {
  eventStoreContract(openMemoryPglite);
});

describe('PGlite event store (prepared statements)', () => {
  it('round-trips quotes, backslashes and unicode in stream ids and data through its literals', async () => {
    const store = await openMemoryPglite();
    try {
      const awkward = `it's "quoted" \\ back\\slash '' -- ; drop table events; ünïcødé 💬`;
      const streamId = `chat-it's-'; select 1; --`;
      const events = [{ id: randomUUID(), type: 'Tested', data: { text: awkward }, metadata: { note: "o'clock" } }];
      await store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
      // the same statement again, once prepared
      await store.appendToStream(streamId, newEvents(1), { expectedRevision: 0 });
      const [first] = await store.readStream(streamId);
      expect(first).toMatchObject({ streamId, data: { text: awkward }, metadata: { note: "o'clock" } });
      expect(await store.readStream(streamId, { fromRevision: 1 })).toHaveLength(1);
      await expect(store.appendToStream(streamId, newEvents(1), { expectedRevision: 0 })).rejects.toThrow();
    } finally {
      await store.close();
    }
  });
});

describe('PGlite event store (appends of one turn, some stored before)', () => {
  it('stores the new ones in one statement and answers a repeat as the first time, a mixed one with the ids it holds', async () => {
    const store = await openMemoryPglite();
    try {
      const first = newEvents(2);
      const stored = await store.appendToStream('stream-a', first, { expectedRevision: 'no_stream' });
      const elsewhere = newEvents(1);
      await store.appendToStream('stream-b', elsewhere, { expectedRevision: 'no_stream' });
      const fresh = newEvents(3);
      const together = await Promise.allSettled([
        store.appendToStream('stream-a', first, { expectedRevision: 'any' }),
        store.appendToStream('stream-c', fresh, { expectedRevision: 'no_stream' }),
        store.appendToStream('stream-d', [...newEvents(1), ...elsewhere], { expectedRevision: 'any' }),
      ]);
      expect(together[0]).toEqual({ status: 'fulfilled', value: { ...stored, alreadyStored: true } });
      expect(together[1]).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 2 } });
      expect(together[2]).toMatchObject({ status: 'rejected', reason: { name: 'DuplicateEventIdError' } });
      expect((together[2] as PromiseRejectedResult).reason.eventIds).toEqual(idsOf(elsewhere));
      expect(idsOf(await store.readStream('stream-c'))).toEqual(idsOf(fresh));
      expect(await store.readStream('stream-d')).toEqual([]);
      expect(await store.readAll()).toHaveLength(6);
    } finally {
      await store.close();
    }
  });
});

/** the tier's initdb result (test/setup/pglite-initdb-cache.ts): a data folder copied, not made (7 s of CPU) */
const tierInitdbCache = process.env.PGLITE_INITDB_CACHE;

describe('PGlite event store (on disk)', () => {
  it('keeps its events across close and reopen', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'aura-eventstore-'));
    try {
      const events = newEvents(3);
      const first = await createPgliteEventStore({ dataDir, initdbCache: tierInitdbCache });
      const written = await first.appendToStream('stream-1', events, { expectedRevision: 'no_stream' });
      await first.close();

      const reopened = await createPgliteEventStore({ dataDir, initdbCache: tierInitdbCache });
      try {
        expect(idsOf(await reopened.readStream('stream-1'))).toEqual(idsOf(events));
        expect(await reopened.headPosition()).toBe(written.position);
        const next = await reopened.appendToStream('stream-1', newEvents(1), { expectedRevision: 2 });
        expect(next.nextExpectedRevision).toBe(3);
        expect(next.position).toBeGreaterThan(written.position);
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PGlite event store (its own appends)', () => {
  it('hands out what it appended, from memory, exactly as the database reads it back after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'aura-eventstore-'));
    const awkward = () => ({
      zeta: 1,
      a: 'x',
      bb: [{ y: 2, x: 1 }, null],
      when: new Date(Date.UTC(2026, 10, 23, 12, 30, 15, 123)),
      missing: undefined,
      nested: { ünï: 1, u: 2, 10: 'ten', 2: 'two', '': 'empty', é: 3, z: 4 },
      negativeZero: -0,
      big: 1e21,
      sum: 0.1 + 0.2,
      own: JSON.parse('{"__proto__": {"kept": true}}') as unknown,
      text: `it's "quoted" \\ ünïcødé 💬`,
    });
    const asRead = (events: StoredEvent[]) => JSON.stringify(events);
    try {
      const first = await createPgliteEventStore({ dataDir, initdbCache: tierInitdbCache });
      let fromMemory: StoredEvent[];
      let sincePosition: number;
      try {
        await first.appendToStream(
          'stream-a',
          [
            {
              id: randomUUID().toUpperCase(),
              type: 'Tested',
              data: awkward(),
              metadata: { by: 'test', z: 1, a: [2, 1] },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
        // appends of one turn share one statement; one of them misses its revision and is refused
        const together = await Promise.allSettled([
          first.appendToStream('stream-b', newEvents(3), { expectedRevision: 'no_stream' }),
          first.appendToStream('stream-a', newEvents(1), { expectedRevision: 5 }),
          first.appendToStream('stream-c', [{ id: randomUUID(), type: 'Tested', data: null }], {
            expectedRevision: 'any',
          }),
          first.appendToStream('stream-a', [{ id: randomUUID(), type: 'Tested', data: [3, { b: 1, a: 2 }] }], {
            expectedRevision: 0,
          }),
        ]);
        expect(together.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
        const retried = newEvents(2);
        await first.appendToStream('stream-d', retried, { expectedRevision: 'no_stream' });
        expect((await first.appendToStream('stream-d', retried, { expectedRevision: 'no_stream' })).alreadyStored).toBe(
          true,
        );
        fromMemory = await first.readAll();
        sincePosition = fromMemory[2]!.position;
        expect(asRead(await first.readAll({ after: sincePosition, maxCount: 3 }))).toBe(asRead(fromMemory.slice(3, 6)));
      } finally {
        await first.close();
      }
      const reopened = await createPgliteEventStore({ dataDir, initdbCache: tierInitdbCache });
      try {
        expect(fromMemory).toHaveLength(8);
        expect(asRead(await reopened.readAll())).toBe(asRead(fromMemory));
        expect(asRead(await reopened.readAll({ after: sincePosition, maxCount: 3 }))).toBe(
          asRead(fromMemory.slice(3, 6)),
        );
        // and what the reopened store appends is handed out as it will read back
        const head = (await reopened.headPosition())!;
        await reopened.appendToStream('stream-e', [{ id: randomUUID(), type: 'Tested', data: awkward() }], {
          expectedRevision: 'no_stream',
        });
        const appended = await reopened.readAll({ after: head });
        expect(appended).toHaveLength(1);
        expect(appended[0]!.data).toEqual(JSON.parse(JSON.stringify(awkward())));
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PGlite data folder', () => {
  it('is made (initdb) by a child process into a sibling folder, renamed once complete; a half-made one from a crash is removed', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'aura-initdb-'));
    try {
      const dataDir = join(parent, 'eventstore');
      await mkdir(join(parent, 'eventstore.initdb-999999', 'base'), { recursive: true });
      const store = await createPgliteEventStore({ dataDir });
      try {
        await store.appendToStream('stream-1', newEvents(1), { expectedRevision: 'no_stream' });
      } finally {
        await store.close();
      }
      expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
      expect(await readdir(parent)).toEqual(['eventstore']);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('is copied from the initdb cache when one is given: the first store fills it, the next copies it, each keeps its own events', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'aura-initdb-cache-'));
    try {
      const initdbCache = join(parent, 'cache');
      const first = await createPgliteEventStore({ dataDir: join(parent, 'first'), initdbCache });
      await first.appendToStream('stream-1', newEvents(2), { expectedRevision: 'no_stream' });
      await first.close();
      expect(existsSync(join(initdbCache, 'PG_VERSION'))).toBe(true);
      expect((await readdir(parent)).sort()).toEqual(['cache', 'first']);

      const second = await createPgliteEventStore({ dataDir: join(parent, 'second'), initdbCache });
      try {
        expect(await second.readAll()).toEqual([]);
        await second.appendToStream('stream-1', newEvents(1), { expectedRevision: 'no_stream' });
        expect(await second.readStream('stream-1')).toHaveLength(1);
      } finally {
        await second.close();
      }
      // the cache holds no events: a third store starts empty too
      expect(existsSync(join(initdbCache, 'base'))).toBe(true);
      const third = await createPgliteEventStore({ dataDir: join(parent, 'third'), initdbCache });
      try {
        expect(await third.headPosition()).toBeUndefined();
      } finally {
        await third.close();
      }
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

const postgres = postgresSource();
describeWithEngine(postgres, 'PostgreSQL event store', () => {
  const { url: postgresUrl, schema, open: openStore } = usePostgresEventStore(postgres);

  eventStoreContract(openStore);

  describe('PostgreSQL specifics', () => {
    let writer: EventStore;
    let reader: EventStore;
    beforeAll(async () => {
      [writer, reader] = await Promise.all([openStore(), openStore()]);
    });
    afterAll(async () => {
      await Promise.all([writer?.close(), reader?.close()]);
    });

    it('hides an event from global readers while an older transaction is open, and delivers it after', async () => {
      const blocker = new pg.Client({ connectionString: postgresUrl() });
      await blocker.connect();
      const delivered: StoredEvent[] = [];
      const after = (await writer.headPosition()) ?? 0;
      const subscription = reader.subscribeToAll({ after, onEvents: async (events) => void delivered.push(...events) });
      try {
        await blocker.query('begin');
        await blocker.query('select pg_current_xact_id()');
        const stream = `hidden-${randomUUID()}`;
        const events = newEvents(2);
        await writer.appendToStream(stream, events, { expectedRevision: 'no_stream' });
        expect(idsOf(await writer.readStream(stream))).toEqual(idsOf(events));
        expect(await writer.readAll({ after })).toEqual([]);
        const caughtUp = subscription.caughtUp();
        await sleep(150);
        expect(delivered).toEqual([]);
        await blocker.query('commit');
        await caughtUp;
        expect(idsOf(delivered)).toEqual(idsOf(events));
      } finally {
        await blocker.query('rollback').catch(() => undefined);
        await blocker.end();
        await subscription.stop();
      }
    });

    it('answers a conflict when another process commits an id of its append first while it waits', async () => {
      // two processes decide the same deterministic event (a session's minute: the worker bills it,
      // the api's end settles it) from the same revision; the other's insert is not committed yet
      // when this append runs, so this one waits on its lock and then fails on the unique index:
      // a conflict to decide again on, not a refusal naming a stolen id (once a 500 on an end)
      const stream = `raced-${randomUUID()}`;
      await writer.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' });
      const [shared, own] = newEvents(2);
      const other = new pg.Client({ connectionString: postgresUrl() });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(
          `insert into "${schema}".events (position, stream_id, revision, event_id, type, data, metadata)
           values (pg_current_xact_id()::text::bigint * ${MAX_EVENTS_PER_APPEND}, $1, 1, $2, 'Tested', '{}', '{}')`,
          [stream, shared!.id],
        );
        const racing = writer.appendToStream(stream, [shared!, own!], { expectedRevision: 0 });
        racing.catch(() => undefined);
        await until('the append waits on the other insert', async () => {
          const { rows } = await other.query<{ waiting: string }>(
            `select count(*) as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return Number(rows[0]?.waiting) > 0;
        });
        await other.query('commit');
        await expect(racing).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(idsOf(await writer.readStream(stream, { fromRevision: 1 }))).toEqual([shared!.id]);
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
    });

    it('positions follow transaction id order, so the visibility filter cannot skip', async () => {
      await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          writer.appendToStream(`order-${n}-${randomUUID()}`, newEvents(1 + (n % 2)), {
            expectedRevision: 'no_stream',
          }),
        ),
      );
      const admin = new pg.Client({ connectionString: postgresUrl() });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ out_of_order: string }>(
          `select count(*) as out_of_order from (
             select transaction_id < lag(transaction_id) over (order by position) as backwards from "${schema}".events
           ) ordered where backwards`,
        );
        expect(Number(rows[0]?.out_of_order)).toBe(0);
      } finally {
        await admin.end();
      }
    });

    /** counts the log reads a subscription makes on `store` while `run` runs */
    async function readsDuring(store: EventStore, run: () => Promise<void>) {
      const counted = store as EventStore & {
        readAll: EventStore['readAll'];
        headPosition: EventStore['headPosition'];
      };
      const { readAll, headPosition } = counted;
      const reads = { readAll: 0, headPosition: 0 };
      counted.readAll = (options) => {
        reads.readAll += 1;
        return readAll.call(store, options);
      };
      counted.headPosition = () => {
        reads.headPosition += 1;
        return headPosition.call(store);
      };
      try {
        await run();
      } finally {
        Object.assign(counted, { readAll, headPosition });
      }
      return reads;
    }

    /** appends `count` events one at a time, each delivered to `delivered` before the next */
    async function appendOneByOne(store: EventStore, delivered: StoredEvent[], count: number) {
      for (const event of newEvents(count)) {
        await store.appendToStream(`one-by-one-${randomUUID()}`, [event], { expectedRevision: 'no_stream' });
        for (let waited = 0; !delivered.some((each) => each.id === event.id); waited += 5) {
          if (waited > 10_000) throw new Error('never delivered');
          await sleep(5);
        }
      }
    }

    /**
     * The log reads `subscriber`'s subscription makes while the writer appends ten events one by one
     * (once it listens and has read the head), and `settleMs` after.
     */
    async function readsOfTenAppends(subscriber: EventStore, settleMs = 0) {
      const delivered: StoredEvent[] = [];
      const subscription = subscriber.subscribeToAll({
        after: (await writer.headPosition()) ?? 0,
        onEvents: async (events) => void delivered.push(...events),
      });
      try {
        await subscription.caughtUp();
        await sleep(300); // listening, and the head read once
        return await readsDuring(subscriber, async () => {
          await appendOneByOne(writer, delivered, 10);
          await sleep(settleMs);
        });
      } finally {
        await subscription.stop();
      }
    }

    /**
     * The fewest reads of up to three measurements: an append is read only once every transaction
     * begun before it ended, in any database of the cluster (sql-statements.ts), so another test
     * file's open transaction makes a subscriber read again, empty, however well it listens.
     */
    async function fewestReads(measure: () => Promise<{ readAll: number; headPosition: number }>) {
      let reads = await measure();
      for (let attempt = 1; attempt < 3 && reads.readAll > 12; attempt++) {
        const again = await measure();
        if (again.readAll < reads.readAll) reads = again;
      }
      return reads;
    }

    it('a subscriber that hears every append reads each one once: no empty read, no head query between (docs/architecture.md#eventstore-wakeups)', async () => {
      const reads = await fewestReads(() => readsOfTenAppends(reader));
      expect(reads.headPosition).toBe(0);
      expect(reads.readAll).toBeLessThanOrEqual(12);
    });

    it("a writer's own notifications do not wake its subscriptions a second time", async () => {
      // its notifications have come back within 200 ms
      const reads = await fewestReads(() => readsOfTenAppends(writer, 200));
      expect(reads.headPosition).toBe(0);
      expect(reads.readAll).toBeLessThanOrEqual(12);
    });

    it('a subscriber on another connection receives what a writer appends', async () => {
      const delivered: StoredEvent[] = [];
      const after = (await writer.headPosition()) ?? 0;
      const subscription = reader.subscribeToAll({ after, onEvents: async (events) => void delivered.push(...events) });
      try {
        const events = newEvents(3);
        for (const event of events)
          await writer.appendToStream(`remote-${randomUUID()}`, [event], { expectedRevision: 'any' });
        await subscription.caughtUp();
        expect(idsOf(delivered)).toEqual(idsOf(events));
      } finally {
        await subscription.stop();
      }
    });
  });
});

const eventStoreDb = eventStoreDbSource();
describeWithEngine(eventStoreDb, 'EventStoreDB event store', () => {
  eventStoreContract(useEventStoreDb(eventStoreDb).open, undefined, { uniqueEventIds: false });
});
