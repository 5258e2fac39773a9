/**
 * The behaviour every event store adapter must have. One store per suite: every test writes to its
 * own fresh streams and reads the global log only after the head position it saw first.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend, StoredEvent } from './port';
import { DuplicateEventIdError, WrongExpectedRevisionError, type AppendResult } from './port';
import { retryOnConflict } from './retry-on-conflict';

export interface ContractCapabilities {
  /** what the store must declare as `uniqueEventIds`: SQL stores index event ids globally; EventStoreDB checks them per stream only */
  uniqueEventIds: boolean;
}

const newEvent = (data: unknown = { amount: 100 }, type = 'ContractTested'): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlationId: randomUUID() },
});
const newEvents = (count: number): EventToAppend[] => Array.from({ length: count }, (_, n) => newEvent({ n }));
const newStream = (label: string): string => `contract_${label}-${randomUUID()}`;
const idsOf = (events: { id: string }[]): string[] => events.map((event) => event.id);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

function expectStrictlyIncreasing(positions: number[]): void {
  positions.slice(1).forEach((position, index) => expect(position).toBeGreaterThan(positions[index] ?? Infinity));
}

export function eventStoreContract(
  makeStore: () => Promise<EventStore>,
  cleanup?: () => Promise<void>,
  capabilities: ContractCapabilities = { uniqueEventIds: true },
): void {
  describe('event store contract', () => contractTests(makeStore, cleanup, capabilities));
}

function contractTests(
  makeStore: () => Promise<EventStore>,
  cleanup: (() => Promise<void>) | undefined,
  capabilities: ContractCapabilities,
): void {
  let store: EventStore;
  /** what a repeated append answers: the first result, marked by the stores that tell */
  const again = (first: AppendResult) => (store.tellsAlreadyStored ? { ...first, alreadyStored: true } : first);
  /** the global position before the current test wrote anything (0 when the log is empty) */
  let before: number;

  beforeAll(async () => {
    store = await makeStore();
  });
  afterAll(async () => {
    await store?.close();
    await cleanup?.();
  });
  beforeEach(async () => {
    before = (await store.headPosition()) ?? 0;
  });

  const appended = async (stream: string, events: EventToAppend[]): Promise<void> => {
    await store.appendToStream(stream, events, { expectedRevision: 'any' });
  };
  /**
   * The log since the test began, once it holds the head: on PostgreSQL an event is read only once
   * every transaction begun before it ended, in any database of the cluster (sql-statements.ts), and
   * another test file's open transaction may hold it back a moment. It is never skipped.
   */
  const readAllSince = async (): Promise<StoredEvent[]> => {
    const head = (await store.headPosition()) ?? 0;
    for (const deadline = Date.now() + 10_000; ;) {
      const events = await store.readAll({ after: before });
      if ((events.at(-1)?.position ?? before) >= head || Date.now() > deadline) return events;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  describe('appendToStream', () => {
    it('creates a stream with no_stream, and readStream returns everything stored, in order', async () => {
      const stream = newStream('create');
      const events = [
        newEvent({ amount: 150, nested: { list: [1, 'two'] } }, 'AuracoinCredited'),
        newEvent(null),
        newEvent('text'),
      ];
      await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
      const stored = await store.readStream(stream);
      expect(
        stored.map(({ id, type, streamId, revision, data, metadata }) => ({
          id,
          type,
          streamId,
          revision,
          data,
          metadata,
        })),
      ).toEqual(events.map((event, revision) => ({ ...event, streamId: stream, revision })));
      for (const event of stored) expect(event.createdAt).toBeInstanceOf(Date);
      expect(Math.abs((stored[0]?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    });

    it('reports the last revision and the global position of the last event', async () => {
      const stream = newStream('result');
      const first = await store.appendToStream(stream, newEvents(3), { expectedRevision: 'no_stream' });
      const second = await store.appendToStream(stream, newEvents(1), { expectedRevision: 2 });
      const stored = await store.readStream(stream);
      expect(first).toEqual({ nextExpectedRevision: 2, position: stored[2]?.position });
      expect(second).toEqual({ nextExpectedRevision: 3, position: stored[3]?.position });
      expect(await store.headPosition()).toBe(second.position);
    });

    it('refuses no_stream on an existing stream and writes nothing', async () => {
      const stream = newStream('exists');
      await store.appendToStream(stream, newEvents(2), { expectedRevision: 'no_stream' });
      const refused = store.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' });
      await expect(refused).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(refused).rejects.toMatchObject({ streamId: stream, expected: 'no_stream', actual: 1 });
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('appends after an exact revision and refuses a stale one without writing any of its events', async () => {
      const stream = newStream('exact');
      await store.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(stream, newEvents(2), { expectedRevision: 0 })).resolves.toMatchObject({
        nextExpectedRevision: 2,
      });
      const stale = store.appendToStream(stream, newEvents(3), { expectedRevision: 0 });
      await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', expected: 0, actual: 2 });
      const ahead = store.appendToStream(stream, newEvents(1), { expectedRevision: 5 });
      await expect(ahead).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2]);
    });

    it('refuses an exact revision on a missing stream', async () => {
      const stream = newStream('missing-exact');
      const refused = store.appendToStream(stream, newEvents(1), { expectedRevision: 0 });
      await expect(refused).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 'no_stream' });
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('refuses stream_exists on a missing stream and accepts it on an existing one', async () => {
      const stream = newStream('stream-exists');
      const refused = store.appendToStream(stream, newEvents(1), { expectedRevision: 'stream_exists' });
      await expect(refused).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 'no_stream' });
      expect(await store.readStream(stream)).toEqual([]);
      await store.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' });
      await expect(
        store.appendToStream(stream, newEvents(2), { expectedRevision: 'stream_exists' }),
      ).resolves.toMatchObject({
        nextExpectedRevision: 2,
      });
    });

    it('appends with any whether or not the stream exists', async () => {
      const stream = newStream('any');
      await expect(store.appendToStream(stream, newEvents(1), { expectedRevision: 'any' })).resolves.toMatchObject({
        nextExpectedRevision: 0,
      });
      await expect(store.appendToStream(stream, newEvents(2), { expectedRevision: 'any' })).resolves.toMatchObject({
        nextExpectedRevision: 2,
      });
      expect(await store.readStream(stream)).toHaveLength(3);
    });

    it('appending no events only checks the expected revision', async () => {
      const stream = newStream('empty');
      await store.appendToStream(stream, newEvents(2), { expectedRevision: 'no_stream' });
      const head = await store.headPosition();
      await expect(store.appendToStream(stream, [], { expectedRevision: 1 })).resolves.toMatchObject({
        nextExpectedRevision: 1,
      });
      await expect(store.appendToStream(stream, [], { expectedRevision: 0 })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(await store.headPosition()).toBe(head);
    });
  });

  describe('idempotent append by event id', () => {
    it('storing the same events again returns the first result and keeps one copy', async () => {
      const stream = newStream('retry');
      const events = newEvents(3);
      const first = await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
      await expect(store.appendToStream(stream, events, { expectedRevision: 'no_stream' })).resolves.toEqual(
        again(first),
      );
      await expect(store.appendToStream(stream, events, { expectedRevision: 'any' })).resolves.toEqual(again(first));
      expect(idsOf(await store.readStream(stream))).toEqual(idsOf(events));
      expect(idsOf(await readAllSince())).toEqual(idsOf(events));
    });

    it('a retry with the exact revision of the first attempt returns the first result', async () => {
      const stream = newStream('retry-exact');
      await store.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' });
      const events = newEvents(2);
      const first = await store.appendToStream(stream, events, { expectedRevision: 0 });
      await expect(store.appendToStream(stream, events, { expectedRevision: 0 })).resolves.toEqual(again(first));
      expect(await store.readStream(stream)).toHaveLength(3);
    });

    it('a stale append whose first events a later append of the same stream stored is a conflict, not a duplicate', async () => {
      // two deciders of one stream (a session's end and its minute tick) both decide "bill minute n"
      // with the same fixed ids; the one that lost must re-read, not fail
      const stream = newStream('overlap');
      await store.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' });
      const minute = newEvents(2);
      await store.appendToStream(stream, minute, { expectedRevision: 0 });
      const stale = store.appendToStream(stream, [...minute, newEvent()], { expectedRevision: 0 });
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(3);
    });
  });

  describe('concurrency', () => {
    it('of 20 parallel appends with the same expected revision, exactly one wins', async () => {
      const stream = newStream('race');
      await store.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' });
      const attempts = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.appendToStream(stream, newEvents(2), { expectedRevision: 0 })),
      );
      const won = attempts.filter((attempt) => attempt.status === 'fulfilled');
      const lost = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(19);
      for (const reason of lost) expect(reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0, 1, 2]);
    });

    it('parallel appends to distinct streams all land, and readAll sees each event exactly once', async () => {
      const batches = Array.from({ length: 25 }, (_, n) => ({
        stream: newStream(`parallel-${n}`),
        events: newEvents(1 + (n % 3)),
      }));
      await Promise.all(
        batches.map(({ stream, events }) => store.appendToStream(stream, events, { expectedRevision: 'no_stream' })),
      );
      const seen = await readAllSince();
      const expected = batches.flatMap(({ events }) => idsOf(events));
      expect(seen).toHaveLength(expected.length);
      expect(new Set(idsOf(seen))).toEqual(new Set(expected));
      expectStrictlyIncreasing(seen.map((event) => event.position));
      for (const { stream, events } of batches) expect(idsOf(await store.readStream(stream))).toEqual(idsOf(events));
    });

    it('a failing or repeated append among parallel ones affects only itself', async () => {
      const retried = { stream: newStream('retried'), events: newEvents(2) };
      const first = await store.appendToStream(retried.stream, retried.events, { expectedRevision: 'no_stream' });
      const stale = newStream('stale');
      await store.appendToStream(stale, newEvents(1), { expectedRevision: 'no_stream' });
      const stolen = newEvent();
      await store.appendToStream(newStream('owner'), [stolen], { expectedRevision: 'no_stream' });
      const good = Array.from({ length: 12 }, (_, n) => ({ stream: newStream(`good-${n}`), events: newEvents(2) }));

      // the bad ones last, so that a store batching concurrent appends puts them among good ones
      const outcomes = await Promise.allSettled([
        ...good.map(({ stream, events }) => store.appendToStream(stream, events, { expectedRevision: 'no_stream' })),
        store.appendToStream(retried.stream, retried.events, { expectedRevision: 'no_stream' }),
        store.appendToStream(stale, newEvents(1), { expectedRevision: 'no_stream' }),
        store.uniqueEventIds
          ? store.appendToStream(newStream('thief'), [stolen], { expectedRevision: 'any' })
          : Promise.reject(new DuplicateEventIdError('thief', [stolen.id])),
      ]);
      const [retry, staleAppend, theft] = outcomes.slice(good.length);
      const goodAppends = outcomes.slice(0, good.length);
      expect(retry).toEqual({ status: 'fulfilled', value: again(first) });
      expect(staleAppend).toMatchObject({
        status: 'rejected',
        reason: { name: 'WrongExpectedRevisionError', actual: 0 },
      });
      expect(theft).toMatchObject({ status: 'rejected', reason: { name: 'DuplicateEventIdError' } });
      for (const outcome of goodAppends)
        expect(outcome).toMatchObject({ status: 'fulfilled', value: { nextExpectedRevision: 1 } });
      for (const { stream, events } of good) expect(idsOf(await store.readStream(stream))).toEqual(idsOf(events));
      expect(idsOf(await store.readStream(retried.stream))).toEqual(idsOf(retried.events));
      expect(await store.readStream(stale)).toHaveLength(1);
    });
  });

  /**
   * What the writers that must never lose or double an event build on (backend/ledger): a decision
   * reads the stream and appends at its exact revision, going again on a conflict; an event with a
   * fixed id is stored once; a claim is the one append that creates its stream.
   */
  describe('what the ledger relies on', () => {
    it(`declares uniqueEventIds: ${String(capabilities.uniqueEventIds)}`, () => {
      expect(store.uniqueEventIds).toBe(capabilities.uniqueEventIds);
    });

    if (capabilities.uniqueEventIds) {
      it('unique event ids: refuses an id stored in another stream, with any expected revision, writing none of the append', async () => {
        const event = newEvent();
        await store.appendToStream(newStream('owner'), [event], { expectedRevision: 'no_stream' });
        const other = newStream('thief');
        for (const expectedRevision of ['any', 'no_stream', 'stream_exists', 0] as const) {
          if (expectedRevision === 'stream_exists')
            await store.appendToStream(other, newEvents(1), { expectedRevision: 'no_stream' });
          const refused = store.appendToStream(other, [newEvent(), event], { expectedRevision });
          await expect(refused).rejects.toBeInstanceOf(DuplicateEventIdError);
        }
        expect(await store.readStream(other)).toHaveLength(1);
      });

      it('unique event ids: an append with any that repeats some ids of this stream among new ones is refused whole', async () => {
        // a batch of fixed-id events of which some were stored before: the writer stores them one by one
        const stream = newStream('partly-stored');
        const stored = newEvents(2);
        await store.appendToStream(stream, stored, { expectedRevision: 'no_stream' });
        const refused = store.appendToStream(stream, [newEvent(), stored[1]!], { expectedRevision: 'any' });
        await expect(refused).rejects.toBeInstanceOf(DuplicateEventIdError);
        expect(idsOf(await store.readStream(stream))).toEqual(idsOf(stored));
      });

      it('unique event ids: an append repeated with any long after the first, the stream written since, stores nothing', async () => {
        const stream = newStream('late-repeat');
        const fixed = [newEvent()];
        const first = await store.appendToStream(stream, fixed, { expectedRevision: 'any' });
        for (let n = 0; n < 5; n += 1) await store.appendToStream(stream, newEvents(2), { expectedRevision: 'any' });
        await expect(store.appendToStream(stream, fixed, { expectedRevision: 'any' })).resolves.toEqual(again(first));
        expect((await store.readStream(stream)).filter((event) => event.id === fixed[0]!.id)).toHaveLength(1);
      });
    } else {
      it('ids unique per stream only: the same id in another stream is stored there too (the ledger must not count on a refusal)', async () => {
        const event = newEvent();
        await store.appendToStream(newStream('first'), [event], { expectedRevision: 'no_stream' });
        const other = newStream('second');
        await store.appendToStream(other, [event], { expectedRevision: 'no_stream' });
        expect(idsOf(await store.readStream(other))).toEqual([event.id]);
      });
    }

    it('a repeat at the exact revision of the first append, the stream written since, is answered as the first and stores nothing', async () => {
      const stream = newStream('late-exact-repeat');
      await store.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' });
      const events = newEvents(2);
      const first = await store.appendToStream(stream, events, { expectedRevision: 0 });
      await store.appendToStream(stream, newEvents(3), { expectedRevision: 2 });
      await expect(store.appendToStream(stream, events, { expectedRevision: 0 })).resolves.toEqual(again(first));
      expect(await store.readStream(stream)).toHaveLength(6);
    });

    it('the same append sent 10 times at once stores one copy; each is answered as the first or refused as a conflict', async () => {
      const stream = newStream('repeats-at-once');
      await store.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' });
      const events = newEvents(2);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, () => store.appendToStream(stream, events, { expectedRevision: 0 })),
      );
      const answers = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(answers.length).toBeGreaterThan(0);
      const stored = await store.readStream(stream);
      expect(idsOf(stored.slice(1))).toEqual(idsOf(events));
      for (const answer of answers)
        expect(answer).toMatchObject({ nextExpectedRevision: 2, position: stored[2]?.position });
    });

    it('of 20 appends creating one stream at once (no_stream), exactly one wins and the others are conflicts', async () => {
      const stream = newStream('claim');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.appendToStream(stream, newEvents(1), { expectedRevision: 'no_stream' })),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('20 writers reading the stream and appending at its exact revision, again on a conflict, all land once: no update is lost', async () => {
      const stream = newStream('read-decide-append');
      const writers = Array.from({ length: 20 }, (_, n) => newEvent({ writer: n }));
      await Promise.all(
        writers.map((event) =>
          retryOnConflict(async () => {
            const stored = await store.readStream(stream);
            const revision = stored.length - 1;
            return store.appendToStream(stream, [event], { expectedRevision: revision < 0 ? 'no_stream' : revision });
          }),
        ),
      );
      const stored = await store.readStream(stream);
      expect(stored.map((event) => event.revision)).toEqual(writers.map((_, revision) => revision));
      expect(new Set(idsOf(stored))).toEqual(new Set(idsOf(writers)));
    });

    it('20 appends with any to one stream at once all land, the events of each side by side', async () => {
      const stream = newStream('pairs');
      const pairs = Array.from({ length: 20 }, () => newEvents(2));
      await Promise.all(pairs.map((pair) => store.appendToStream(stream, pair, { expectedRevision: 'any' })));
      const stored = idsOf(await store.readStream(stream));
      expect(stored).toHaveLength(40);
      for (const [first, second] of pairs) expect(stored.indexOf(second!.id)).toBe(stored.indexOf(first!.id) + 1);
    });
  });

  describe('reads', () => {
    it('readStream of a missing stream is empty, and fromRevision skips earlier events', async () => {
      expect(await store.readStream(newStream('nothing'))).toEqual([]);
      const stream = newStream('from');
      const events = newEvents(5);
      await store.appendToStream(stream, events, { expectedRevision: 'no_stream' });
      expect(idsOf(await store.readStream(stream, { fromRevision: 3 }))).toEqual(idsOf(events.slice(3)));
      expect(await store.readStream(stream, { fromRevision: 9 })).toEqual([]);
    });

    it('readAll reads after a position (exclusive), in order of strictly increasing positions, up to maxCount', async () => {
      const stream = newStream('all');
      const events = newEvents(6);
      await appended(stream, events.slice(0, 2));
      await appended(newStream('all-other'), events.slice(2, 3));
      await appended(stream, events.slice(3));
      const all = await readAllSince();
      expect(idsOf(all)).toEqual(idsOf(events));
      expectStrictlyIncreasing(all.map((event) => event.position));
      const [, second, third, fourth] = all;
      expect(idsOf(await store.readAll({ after: second?.position, maxCount: 2 }))).toEqual(idsOf([third!, fourth!]));
      expect(await store.readAll({ after: all[5]?.position })).toEqual([]);
      expect(idsOf(await store.readAll({ after: before, maxCount: 1 }))).toEqual(idsOf(events.slice(0, 1)));
    });

    it('headPosition is the position of the newest event', async () => {
      await appended(newStream('head'), newEvents(2));
      const all = await readAllSince();
      expect(await store.headPosition()).toBe(all[all.length - 1]?.position);
    });

    it('health reports the adapter as ok', async () => {
      await expect(store.health()).resolves.toMatchObject({ adapter: store.adapter, ok: true });
    });
  });

  describe('subscribeToAll', () => {
    const collect = (after: number, extra: { batchSize?: number; handlerDelayMs?: number } = {}) => {
      const delivered: StoredEvent[] = [];
      const batches: number[] = [];
      let inHandler = false;
      let overlapped = false;
      const subscription = store.subscribeToAll({
        after,
        batchSize: extra.batchSize,
        onEvents: async (events) => {
          overlapped ||= inHandler;
          inHandler = true;
          batches.push(events.length);
          if (extra.handlerDelayMs) await sleep(extra.handlerDelayMs);
          delivered.push(...events);
          inHandler = false;
        },
      });
      return { subscription, delivered, batches, overlapped: () => overlapped };
    };

    it('catches up from a checkpoint, then delivers live events, each once and in order', async () => {
      const stream = newStream('sub');
      const old = newEvents(5);
      await appended(stream, old.slice(0, 2));
      const [, checkpoint] = await readAllSince();
      await appended(stream, old.slice(2));
      const { subscription, delivered } = collect(checkpoint!.position);
      try {
        await subscription.caughtUp();
        expect(idsOf(delivered)).toEqual(idsOf(old.slice(2)));
        const live = newEvents(4);
        await appended(stream, live.slice(0, 1));
        await appended(newStream('sub-other'), live.slice(1));
        await waitFor(() => delivered.length >= 7, 'live events');
        await sleep(50);
        expect(idsOf(delivered)).toEqual(idsOf([...old.slice(2), ...live]));
        expectStrictlyIncreasing(delivered.map((event) => event.position));
      } finally {
        await subscription.stop();
      }
    });

    it('hands over one batch at a time, never larger than batchSize', async () => {
      const events = newEvents(7);
      await appended(newStream('batches'), events);
      const { subscription, delivered, batches, overlapped } = collect(before, { batchSize: 2, handlerDelayMs: 15 });
      try {
        await waitFor(() => delivered.length >= 7, 'batches');
        expect(idsOf(delivered)).toEqual(idsOf(events));
        expect(Math.max(...batches)).toBeLessThanOrEqual(2);
        expect(overlapped()).toBe(false);
      } finally {
        await subscription.stop();
      }
    });

    it('caughtUp resolves only once everything written before the call has been delivered', async () => {
      const events = newEvents(8);
      for (const event of events) await appended(newStream('caught-up'), [event]);
      const { subscription, delivered } = collect(before, { batchSize: 1, handlerDelayMs: 10 });
      try {
        await subscription.caughtUp();
        expect(idsOf(delivered)).toEqual(idsOf(events));
      } finally {
        await subscription.stop();
      }
    });

    it('stays complete and ordered while many writers append at the same time', async () => {
      const { subscription, delivered } = collect(before, { batchSize: 7 });
      try {
        const writers = Array.from({ length: 10 }, (_, n) => ({
          stream: newStream(`writer-${n}`),
          events: newEvents(10),
        }));
        await Promise.all(
          writers.map(async ({ stream, events }) => {
            for (const [revision, event] of events.entries()) {
              await store.appendToStream(stream, [event], {
                expectedRevision: revision === 0 ? 'no_stream' : revision - 1,
              });
            }
          }),
        );
        await subscription.caughtUp();
        const written = writers.flatMap(({ events }) => idsOf(events));
        expect(delivered).toHaveLength(written.length);
        expect(new Set(idsOf(delivered))).toEqual(new Set(written));
        expectStrictlyIncreasing(delivered.map((event) => event.position));
      } finally {
        await subscription.stop();
      }
    });

    it('stop ends delivery and can be called twice', async () => {
      const { subscription, delivered } = collect(before);
      await appended(newStream('stop'), newEvents(1));
      await subscription.caughtUp();
      await subscription.stop();
      await subscription.stop();
      await appended(newStream('stop'), newEvents(1));
      await sleep(300);
      expect(delivered).toHaveLength(1);
    });

    it('reports a failing handler through onError and stops delivering', async () => {
      const failure = new Error('projection broke');
      const errors: unknown[] = [];
      let calls = 0;
      const subscription = store.subscribeToAll({
        after: before,
        onEvents: async () => {
          calls += 1;
          throw failure;
        },
        onError: (error) => errors.push(error),
      });
      try {
        await appended(newStream('failing'), newEvents(1));
        await waitFor(() => errors.length > 0, 'the error');
        expect(errors).toEqual([failure]);
        await appended(newStream('failing'), newEvents(1));
        await sleep(200);
        expect(calls).toBe(1);
      } finally {
        await subscription.stop();
      }
    });
  });
}
