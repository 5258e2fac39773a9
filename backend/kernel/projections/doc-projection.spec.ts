import type { StoredEvent } from '../../platform/eventstore/port';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import type { Doc, ReadModelStore } from '../../platform/readmodels/port';
import { createBatchReadModelStore } from '../../test/doubles/batch-store';
import { docProjection, guardedUpdate, guardedUpdates } from './doc-projection';

type Counter = Doc & { owner: string; total: number };

let position = 0;
function event(type: string, data: Record<string, unknown>, at = ++position): StoredEvent {
  return {
    id: `e${at}`,
    type,
    streamId: `counter-${String(data.counter)}`,
    revision: 0,
    position: at,
    data,
    metadata: {},
    createdAt: new Date(0),
  };
}

const counters = docProjection<Counter, StoredEvent>({
  name: 'counters',
  collection: 'counters',
  eventTypes: ['Opened', 'Credited', 'Closed'],
  indexes: [{ keys: { owner: 1 }, options: { unique: true } }],
  documentId: (e) =>
    typeof e.data === 'object' && e.data !== null && 'counter' in e.data ? String(e.data.counter) : undefined,
  evolve(doc, e) {
    const data = e.data as { counter: string; owner?: string; amount?: number };
    if (e.type === 'Opened') return { _id: data.counter, owner: data.owner ?? '', total: 0 };
    if (e.type === 'Credited') return doc && { ...doc, total: doc.total + (data.amount ?? 0) };
    if (e.type === 'Closed') return null;
    return doc;
  },
});

describe('docProjection', () => {
  let store: ReadModelStore;
  const apply = async (...events: StoredEvent[]) => {
    for (const each of events) await counters.apply(each, store);
  };
  const counter = (id: string) => store.collection<Counter>('counters').findOne({ _id: id });

  beforeEach(() => {
    store = createMingoReadModelStore();
    position = 0;
  });

  test('describes its collection, event types and indexes for the runner', () => {
    expect(counters).toMatchObject({
      name: 'counters',
      collections: ['counters'],
      eventTypes: ['Opened', 'Credited', 'Closed'],
      indexes: [{ collection: 'counters', keys: { owner: 1 }, options: { unique: true } }],
    });
  });

  test('events in, document out, stamped with the last position applied', async () => {
    await apply(
      event('Opened', { counter: 'w1', owner: 'ada' }),
      event('Credited', { counter: 'w1', amount: 30 }),
      event('Credited', { counter: 'w1', amount: 12 }),
    );
    expect(await counter('w1')).toEqual({ _id: 'w1', owner: 'ada', total: 42, _pos: 3 });
  });

  test('evolve sees the document without the guard field', async () => {
    const seen: (Counter | null)[] = [];
    const spy = docProjection<Counter, StoredEvent>({
      name: 'spy',
      collection: 'counters',
      eventTypes: [],
      documentId: () => 'w1',
      evolve: (doc) => (seen.push(doc), doc),
    });
    await apply(event('Opened', { counter: 'w1', owner: 'ada' }));
    await spy.apply(event('Credited', { counter: 'w1', amount: 1 }), store);
    expect(seen).toEqual([{ _id: 'w1', owner: 'ada', total: 0 }]);
  });

  test('an event applied again, or an older one, is skipped', async () => {
    const opened = event('Opened', { counter: 'w1', owner: 'ada' });
    const credited = event('Credited', { counter: 'w1', amount: 30 });
    await apply(opened, credited);
    await apply(credited, opened, credited);
    expect(await counter('w1')).toEqual({ _id: 'w1', owner: 'ada', total: 30, _pos: 2 });
  });

  test('null from evolve deletes the document', async () => {
    await apply(
      event('Opened', { counter: 'w1', owner: 'ada' }),
      event('Opened', { counter: 'w2', owner: 'bob' }),
      event('Closed', { counter: 'w1' }),
    );
    expect(await counter('w1')).toBeNull();
    expect(await counter('w2')).toMatchObject({ owner: 'bob' });
  });

  test('an event without a document id changes nothing', async () => {
    await apply(event('Opened', { counter: 'w1', owner: 'ada' }), event('Credited', { amount: 5 }));
    expect(await store.collection('counters').find({})).toEqual([{ _id: 'w1', owner: 'ada', total: 0, _pos: 1 }]);
  });

  test('a failure other than the guard still throws', async () => {
    await store.collection('counters').createIndex({ owner: 1 }, { unique: true });
    await apply(event('Opened', { counter: 'w1', owner: 'ada' }));
    await expect(apply(event('Opened', { counter: 'w2', owner: 'ada' }))).rejects.toMatchObject({ code: 11000 });
  });
});

describe('guardedUpdate', () => {
  test('applies an update once per position, upserting the document', async () => {
    const stats = createMingoReadModelStore().collection('stats');
    expect(await guardedUpdate(stats, 'global', 5, { $inc: { messages: 1 }, $set: { lastType: 'MessageSent' } })).toBe(
      true,
    );
    expect(await guardedUpdate(stats, 'global', 5, { $inc: { messages: 1 } })).toBe(false);
    expect(await guardedUpdate(stats, 'global', 4, { $inc: { messages: 1 } })).toBe(false);
    expect(await guardedUpdate(stats, 'global', 7, { $inc: { messages: 2 } })).toBe(true);
    expect(await stats.findOne({ _id: 'global' })).toEqual({
      _id: 'global',
      messages: 3,
      lastType: 'MessageSent',
      _pos: 7,
    });
  });

  test('a document written without the guard is an error, not a silent skip', async () => {
    const stats = createMingoReadModelStore().collection('stats');
    await stats.insertOne({ _id: 'global', messages: 10 });
    await expect(guardedUpdate(stats, 'global', 1, { $inc: { messages: 1 } })).rejects.toMatchObject({ code: 11000 });
    expect(await stats.findOne({ _id: 'global' })).toEqual({ _id: 'global', messages: 10 });
  });
});

describe('batches give what events one by one give', () => {
  const log = () => {
    position = 0;
    return [
      event('Opened', { counter: 'w1', owner: 'ada' }),
      event('Opened', { counter: 'w2', owner: 'bob' }),
      event('Credited', { counter: 'w1', amount: 5 }),
      event('Credited', { counter: 'w2', amount: 7 }),
      event('Closed', { counter: 'w2' }),
      event('Credited', { counter: 'w1', amount: 3 }),
      event('Opened', { counter: 'w2', owner: 'bob' }),
      event('Credited', { counter: 'w2', amount: 1 }),
      event('Opened', { counter: 'w3', owner: 'cy' }),
      event('Closed', { counter: 'w3' }),
    ];
  };
  const all = (store: ReadModelStore) => store.collection('counters').find({}, { sort: { _id: 1 } });

  test('docProjection folds each document once per batch, from wherever the document already is', async () => {
    const events = log();
    const oneByOne = createMingoReadModelStore();
    for (const each of events) await counters.apply(each, oneByOne);
    const batched = createMingoReadModelStore();
    await counters.applyBatch!(events.slice(0, 4), batched);
    await counters.applyBatch!(events.slice(4), batched);
    expect(await all(batched)).toEqual(await all(oneByOne));
    // a replay of the whole batch (a retry, a crash before the checkpoint) changes nothing
    await counters.applyBatch!(events.slice(2), batched);
    expect(await all(batched)).toEqual(await all(oneByOne));
  });

  test('guardedUpdates merges $inc and $set per document, and replays safely over documents that saw part of the batch', async () => {
    const writes = [1, 2, 3, 4, 5].map((at) => ({
      collection: 'stats',
      id: at % 2 ? 'odd' : 'even',
      position: at,
      update: { $inc: { n: at }, $set: { last: at } },
    }));
    const oneByOne = createMingoReadModelStore();
    for (const write of writes)
      await guardedUpdate(oneByOne.collection('stats'), write.id, write.position, write.update);
    const expected = await oneByOne.collection('stats').find({}, { sort: { _id: 1 } });
    expect(expected).toEqual([
      { _id: 'even', n: 6, last: 4, _pos: 4 },
      { _id: 'odd', n: 9, last: 5, _pos: 5 },
    ]);

    const merged = createMingoReadModelStore();
    await guardedUpdates(merged, writes);
    expect(await merged.collection('stats').find({}, { sort: { _id: 1 } })).toEqual(expected);

    // 'odd' saw events 1 and 3 before a crash: the batch comes again whole
    const partial = createMingoReadModelStore();
    for (const write of writes.slice(0, 3))
      await guardedUpdate(partial.collection('stats'), write.id, write.position, write.update);
    await guardedUpdates(partial, writes);
    expect(await partial.collection('stats').find({}, { sort: { _id: 1 } })).toEqual(expected);
  });

  test('updates that cannot be merged ($setOnInsert) are applied one by one', async () => {
    const writes = [
      { collection: 'stats', id: 'a', position: 1, update: { $set: { status: 'x' }, $setOnInsert: { since: 1 } } },
      { collection: 'stats', id: 'a', position: 2, update: { $set: { status: 'y' }, $setOnInsert: { since: 2 } } },
    ];
    const store = createMingoReadModelStore();
    await guardedUpdates(store, writes);
    expect(await store.collection('stats').find({})).toEqual([{ _id: 'a', status: 'y', since: 1, _pos: 2 }]);
  });
});

describe('docProjection with a pure evolve (documents folded in place of a copy)', () => {
  type Ledger = Doc & { lines: { n: number }[] };
  const ledger = docProjection<Ledger, StoredEvent>({
    name: 'ledgers',
    collection: 'ledgers',
    eventTypes: ['Line'],
    documentId: (e) => String((e.data as { counter: string }).counter),
    pureEvolve: true,
    evolve: (doc, e) => ({
      _id: String((e.data as { counter: string }).counter),
      lines: [...(doc?.lines ?? []), { n: (e.data as { n: number }).n }],
    }),
  });

  test('gives what copies give, keeps a dumped snapshot as it was, and skips what it has seen', async () => {
    const store = createMingoReadModelStore();
    const line = (n: number, at: number) => event('Line', { counter: 'w', n }, at);
    await ledger.apply(line(1, 1), store);
    const [dumped] = store.dump().find((dump) => dump.name === 'ledgers')!.docs;
    const asDumped = structuredClone(dumped);
    await ledger.applyBatch!([line(2, 2), line(3, 3)], store);
    await ledger.apply(line(2, 2), store);
    expect(dumped).toEqual(asDumped);
    const stored = await store.collection('ledgers').findOne({ _id: 'w' });
    expect(stored).toEqual({ _id: 'w', lines: [{ n: 1 }, { n: 2 }, { n: 3 }], _pos: 3 });
    // what a reader gets is its own copy
    (stored!.lines as { n: number }[]).push({ n: 99 });
    expect((await store.collection('ledgers').findOne({ _id: 'w' }))?.lines).toHaveLength(3);
  });
});

describe('batches on a store that writes many at once (the PostgreSQL path)', () => {
  beforeEach(() => {
    position = 0;
  });
  const all = (store: ReadModelStore, name: string) => store.collection(name).find({}, { sort: { _id: 1 } });

  test('docProjection: one read and one write for the batch, the documents as one by one, a replay changing nothing', async () => {
    const log = [
      event('Opened', { counter: 'w1', owner: 'ada' }),
      event('Opened', { counter: 'w2', owner: 'bob' }),
      event('Opened', { counter: 'w3', owner: 'cy' }),
      event('Credited', { counter: 'w1', amount: 5 }),
      event('Credited', { counter: 'w2', amount: 7 }),
      event('Closed', { counter: 'w3' }),
      event('Credited', { counter: 'w1', amount: 1 }),
    ];
    const single = createMingoReadModelStore();
    for (const each of log) await counters.apply(each, single);
    const store = createBatchReadModelStore();
    await counters.apply(log[0]!, store);
    await counters.applyBatch!(log.slice(0, 3), store);
    const before = store.statements();
    await counters.applyBatch!(log.slice(3), store);
    // the read, the write, the deletion
    expect(store.statements() - before).toBe(3);
    await counters.applyBatch!(log, store);
    expect(await all(store, 'counters')).toEqual(await all(single, 'counters'));
  });

  test('guardedUpdates folds what cannot be merged ($push) in one read and one write, skipping what the document has seen', async () => {
    const writes = [1, 2, 3].map((at) => ({
      collection: 'lines',
      id: 'week',
      position: at,
      update: { $inc: { 'sources.message.count': 1 }, $push: { lines: at } },
    }));
    const single = createMingoReadModelStore();
    for (const write of writes) await guardedUpdate(single.collection('lines'), write.id, write.position, write.update);
    const store = createBatchReadModelStore();
    await guardedUpdate(store.collection('lines'), 'week', 1, writes[0]!.update);
    const before = store.statements();
    await guardedUpdates(store, writes);
    expect(store.statements() - before).toBe(2);
    await guardedUpdates(store, writes);
    expect(await all(store, 'lines')).toEqual(await all(single, 'lines'));
    expect(await all(store, 'lines')).toEqual([
      { _id: 'week', sources: { message: { count: 3 } }, lines: [1, 2, 3], _pos: 3 },
    ]);
  });
});
