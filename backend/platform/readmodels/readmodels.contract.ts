/**
 * The read-model contract: every ReadModelStore adapter must behave like MongoDB here.
 * Each test works on a collection of its own, dropped at the end.
 */
import type { Collection, Doc, ReadModelStore } from './port';

const DUPLICATE_KEY = { code: 11000 };

type Person = Doc & { name: string; age: number; tags: string[]; address?: { city: string } };

const people: Person[] = [
  { _id: 'a', name: 'Ada', age: 36, tags: ['math', 'code'], address: { city: 'London' } },
  { _id: 'b', name: 'Bob', age: 25, tags: ['art'] },
  { _id: 'c', name: 'Cy', age: 41, tags: [], address: { city: 'Rome' } },
  { _id: 'd', name: 'Di', age: 25, tags: ['code'] },
];

const ids = (docs: Doc[]) => docs.map((doc) => doc._id);

export function readModelContract(makeStore: () => Promise<ReadModelStore>): void {
  describe('read-model contract', () => {
    let store: ReadModelStore | undefined;
    const created: string[] = [];
    const fresh = <T extends Doc = Doc>(): Collection<T> => {
      if (!store) throw new Error('store not opened');
      const name = `contract_${process.pid}_${created.length}`;
      created.push(name);
      return store.collection<T>(name);
    };
    const withPeople = async () => {
      const collection = fresh<Person>();
      for (const person of people) await collection.insertOne(person);
      return collection;
    };

    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      if (!store) return;
      for (const name of created) await store.collection(name).drop();
      await store.close();
    });

    test('reports a healthy adapter', async () => {
      expect(await store?.health()).toMatchObject({ ok: true, adapter: store?.adapter });
    });

    describe('reading', () => {
      test('findOne by _id, by other fields, or null', async () => {
        const collection = await withPeople();
        expect(await collection.findOne({ _id: 'b' })).toEqual(people[1]);
        expect(await collection.findOne({ name: 'Cy' })).toEqual(people[2]);
        expect(await collection.findOne({ _id: 'a', age: 99 })).toBeNull();
        expect(await collection.findOne({ _id: 'nobody' })).toBeNull();
      });

      test('find with comparison, logical, array, nested, existence and regex filters', async () => {
        const collection = await withPeople();
        const byId = { sort: { _id: 1 as const } };
        expect(ids(await collection.find({ age: { $gte: 30 } }, byId))).toEqual(['a', 'c']);
        expect(ids(await collection.find({ age: { $in: [25, 41] }, name: { $ne: 'Bob' } }, byId))).toEqual(['c', 'd']);
        expect(ids(await collection.find({ tags: 'code' }, byId))).toEqual(['a', 'd']);
        expect(ids(await collection.find({ tags: { $size: 0 } }, byId))).toEqual(['c']);
        expect(ids(await collection.find({ 'address.city': 'Rome' }, byId))).toEqual(['c']);
        expect(ids(await collection.find({ address: { $exists: false } }, byId))).toEqual(['b', 'd']);
        expect(ids(await collection.find({ $or: [{ age: { $lt: 26 } }, { name: /^C/ }] }, byId))).toEqual([
          'b',
          'c',
          'd',
        ]);
        expect(ids(await collection.find({ _id: { $in: ['a', 'b', 'zz'] }, age: 25 }, byId))).toEqual(['b']);
        // by ids alone: each stored one once, however often it is named, and none that is missing
        expect(ids(await collection.find({ _id: { $in: ['d', 'a', 'zz', 'a'] } }, byId))).toEqual(['a', 'd']);
        expect(await collection.count({ _id: { $in: ['d', 'a', 'zz', 'a'] } })).toBe(2);
        expect(await collection.find({ _id: { $in: [] } })).toEqual([]);
        expect(ids(await collection.find({}, byId))).toEqual(['a', 'b', 'c', 'd']);
      });

      test('find sorts, then skips, then limits', async () => {
        const collection = await withPeople();
        const page = await collection.find({}, { sort: { age: -1, _id: 1 }, skip: 1, limit: 2 });
        expect(ids(page)).toEqual(['a', 'b']);
        expect(ids(await collection.find({}, { sort: { age: 1, _id: -1 }, limit: 3 }))).toEqual(['d', 'b', 'a']);
      });

      test('find projects included or excluded fields', async () => {
        const collection = await withPeople();
        expect(await collection.find({ _id: 'a' }, { projection: { name: 1 } })).toEqual([{ _id: 'a', name: 'Ada' }]);
        expect(await collection.find({ _id: 'a' }, { projection: { _id: 0, age: 1 } })).toEqual([{ age: 36 }]);
        expect(await collection.find({ _id: 'b' }, { projection: { tags: 0, age: 0 } })).toEqual([
          { _id: 'b', name: 'Bob' },
        ]);
        expect(await collection.find({ _id: 'a' }, { projection: { _id: 1 } })).toEqual([{ _id: 'a' }]);
        expect(await collection.find({ _id: 'b' }, { projection: { _id: 0 } })).toEqual([
          { name: 'Bob', age: 25, tags: ['art'] },
        ]);
        expect(await collection.find({}, { projection: { age: 1 }, sort: { age: -1, _id: 1 }, limit: 2 })).toEqual([
          { _id: 'c', age: 41 },
          { _id: 'a', age: 36 },
        ]);
      });

      test('a projected document is a copy: changing it changes nothing stored', async () => {
        const collection = await withPeople();
        const [projected] = await collection.find({ _id: 'b' }, { projection: { tags: 1 } });
        (projected!.tags as string[]).push('changed');
        expect((await collection.findOne({ _id: 'b' }))?.tags).toEqual(['art']);
      });

      test('dates are stored, compared and returned as dates', async () => {
        const collection = fresh();
        await collection.insertOne({ _id: 'old', at: new Date('2024-01-01T00:00:00Z') });
        await collection.insertOne({ _id: 'new', at: new Date('2025-06-01T00:00:00Z') });
        const found = await collection.find({ at: { $gt: new Date('2025-01-01T00:00:00Z') } });
        expect(ids(found)).toEqual(['new']);
        expect(found[0]?.at).toEqual(new Date('2025-06-01T00:00:00Z'));
        expect(found[0]?.at).toBeInstanceOf(Date);
      });

      test('count with and without a filter', async () => {
        const collection = await withPeople();
        expect(await collection.count()).toBe(4);
        expect(await collection.count({ age: 25 })).toBe(2);
        expect(await collection.count({ age: 99 })).toBe(0);
        expect(await fresh().count()).toBe(0);
      });

      test('aggregate: match, group, sort, unwind, project, count', async () => {
        const collection = await withPeople();
        expect(
          await collection.aggregate([
            { $match: { age: { $lt: 40 } } },
            { $sort: { _id: 1 } },
            { $group: { _id: '$age', people: { $sum: 1 }, names: { $push: '$name' } } },
            { $sort: { _id: 1 } },
          ]),
        ).toEqual([
          { _id: 25, people: 2, names: ['Bob', 'Di'] },
          { _id: 36, people: 1, names: ['Ada'] },
        ]);
        expect(
          await collection.aggregate([
            { $unwind: '$tags' },
            { $group: { _id: '$tags', n: { $sum: 1 } } },
            { $sort: { n: -1, _id: 1 } },
          ]),
        ).toEqual([
          { _id: 'code', n: 2 },
          { _id: 'art', n: 1 },
          { _id: 'math', n: 1 },
        ]);
        expect(
          await collection.aggregate([
            { $match: { _id: 'a' } },
            { $project: { _id: 0, label: { $concat: ['$name', '!'] }, next: { $add: ['$age', 1] } } },
          ]),
        ).toEqual([{ label: 'Ada!', next: 37 }]);
        expect(await collection.aggregate([{ $match: { age: 25 } }, { $count: 'n' }])).toEqual([{ n: 2 }]);
      });

      test('aggregate $lookup joins another collection', async () => {
        const collection = await withPeople();
        const pets = fresh();
        await pets.insertOne({ _id: 'p1', owner: 'a', kind: 'cat' });
        await pets.insertOne({ _id: 'p2', owner: 'a', kind: 'dog' });
        const [ada] = await collection.aggregate<{ pets: { kind: string }[] }>([
          { $match: { _id: 'a' } },
          { $lookup: { from: pets.name, localField: '_id', foreignField: 'owner', as: 'pets' } },
        ]);
        expect(ada?.pets.map((pet) => pet.kind).sort()).toEqual(['cat', 'dog']);
      });
    });

    describe('writing', () => {
      test('insertOne refuses a duplicate _id with a duplicate key error', async () => {
        const collection = await withPeople();
        await expect(collection.insertOne({ ...people[0]!, name: 'Other' })).rejects.toMatchObject(DUPLICATE_KEY);
        expect(await collection.findOne({ _id: 'a' })).toEqual(people[0]);
      });

      test('updateOne $set (nested too), $inc, $unset; false when nothing matches', async () => {
        const collection = await withPeople();
        const update = {
          $set: { name: 'Ada L.', 'address.zip': 'N1' },
          $inc: { age: 2, visits: 1 },
          $unset: { tags: '' },
        };
        expect(await collection.updateOne({ _id: 'a' }, update)).toBe(true);
        expect(await collection.findOne({ _id: 'a' })).toEqual({
          _id: 'a',
          name: 'Ada L.',
          age: 38,
          visits: 1,
          address: { city: 'London', zip: 'N1' },
        });
        expect(await collection.updateOne({ _id: 'nobody' }, { $set: { name: 'X' } })).toBe(false);
        expect(await collection.count()).toBe(4);
      });

      test('updateOne touches only the first match', async () => {
        const collection = await withPeople();
        await collection.updateOne({ age: 25 }, { $inc: { age: 1 } });
        expect(await collection.count({ age: 26 })).toBe(1);
        expect(await collection.count({ age: 25 })).toBe(1);
      });

      test('array operators: $push (with $each), $pull (value and condition), $addToSet', async () => {
        const collection = fresh();
        await collection.insertOne({
          _id: 'x',
          tags: ['a'],
          items: [
            { id: 1, qty: 1 },
            { id: 2, qty: 5 },
          ],
        });
        await collection.updateOne({ _id: 'x' }, { $push: { tags: 'b' } });
        await collection.updateOne({ _id: 'x' }, { $push: { tags: { $each: ['c', 'a'] } } });
        expect((await collection.findOne({ _id: 'x' }))?.tags).toEqual(['a', 'b', 'c', 'a']);
        await collection.updateOne({ _id: 'x' }, { $pull: { tags: 'a', items: { qty: { $gt: 3 } } } });
        expect(await collection.findOne({ _id: 'x' })).toEqual({
          _id: 'x',
          tags: ['b', 'c'],
          items: [{ id: 1, qty: 1 }],
        });
        await collection.updateOne({ _id: 'x' }, { $addToSet: { tags: 'b' } });
        await collection.updateOne({ _id: 'x' }, { $addToSet: { tags: { $each: ['c', 'd'] }, fresh: 'z' } });
        expect(await collection.findOne({ _id: 'x' })).toMatchObject({ tags: ['b', 'c', 'd'], fresh: ['z'] });
      });

      test('the positional operator updates the matched array element', async () => {
        const collection = fresh();
        await collection.insertOne({
          _id: 'x',
          items: [
            { id: 1, qty: 1 },
            { id: 2, qty: 1 },
          ],
        });
        await collection.updateOne({ _id: 'x', 'items.id': 2 }, { $inc: { 'items.$.qty': 4 } });
        expect((await collection.findOne({ _id: 'x' }))?.items).toEqual([
          { id: 1, qty: 1 },
          { id: 2, qty: 5 },
        ]);
      });

      test('$max and $min change a field only past the current value', async () => {
        const collection = fresh();
        await collection.insertOne({ _id: 'x', high: 5, low: 5 });
        await collection.updateOne({ _id: 'x' }, { $max: { high: 3, fresh: 1 }, $min: { low: 7 } });
        expect(await collection.findOne({ _id: 'x' })).toEqual({ _id: 'x', high: 5, low: 5, fresh: 1 });
        await collection.updateOne({ _id: 'x' }, { $max: { high: 9 }, $min: { low: 2 } });
        expect(await collection.findOne({ _id: 'x' })).toEqual({ _id: 'x', high: 9, low: 2, fresh: 1 });
      });

      test('an upsert inserts the filter equality fields plus the update, then updates in place', async () => {
        const collection = fresh();
        const filter = { _id: 'x', kind: 'k', 'meta.source': 's', level: { $eq: 3 }, score: { $gt: 1 } };
        const update = { $inc: { count: 1 }, $setOnInsert: { createdBy: 'first' }, $set: { last: 1 } };
        expect(await collection.updateOne(filter, update, { upsert: true })).toBe(true);
        expect(await collection.findOne({ _id: 'x' })).toEqual({
          _id: 'x',
          kind: 'k',
          meta: { source: 's' },
          level: 3,
          count: 1,
          createdBy: 'first',
          last: 1,
        });
        await collection.updateOne(
          { _id: 'x' },
          { $inc: { count: 1 }, $setOnInsert: { createdBy: 'second' }, $set: { last: 2 } },
          { upsert: true },
        );
        expect(await collection.findOne({ _id: 'x' })).toMatchObject({ count: 2, createdBy: 'first', last: 2 });
        expect(await collection.count()).toBe(1);
      });

      test('an upsert without _id in the filter creates a document with one', async () => {
        const collection = fresh();
        await collection.updateOne({ email: 'e@x.it' }, { $inc: { logins: 1 } }, { upsert: true });
        const [doc] = await collection.find({});
        expect(doc).toMatchObject({ email: 'e@x.it', logins: 1 });
        expect(doc?._id).toBeDefined();
      });

      test('an upsert whose filter misses an existing _id is a duplicate key, not a second document', async () => {
        const collection = fresh();
        await collection.insertOne({ _id: 'x', version: 5 });
        await expect(
          collection.updateOne({ _id: 'x', version: { $lt: 5 } }, { $set: { version: 6 } }, { upsert: true }),
        ).rejects.toMatchObject(DUPLICATE_KEY);
        expect(await collection.find({})).toEqual([{ _id: 'x', version: 5 }]);
      });

      test('replaceOne swaps the whole document, upserts on request, reports whether it wrote', async () => {
        const collection = await withPeople();
        expect(await collection.replaceOne({ name: 'Bob' }, { _id: 'b', name: 'Robert', age: 26, tags: [] })).toBe(
          true,
        );
        expect(await collection.findOne({ _id: 'b' })).toEqual({ _id: 'b', name: 'Robert', age: 26, tags: [] });
        expect(await collection.replaceOne({ _id: 'z' }, { _id: 'z', name: 'Zed', age: 1, tags: [] })).toBe(false);
        expect(await collection.findOne({ _id: 'z' })).toBeNull();
        expect(
          await collection.replaceOne({ _id: 'z' }, { _id: 'z', name: 'Zed', age: 1, tags: [] }, { upsert: true }),
        ).toBe(true);
        expect(await collection.findOne({ _id: 'z' })).toEqual({ _id: 'z', name: 'Zed', age: 1, tags: [] });
      });

      test('updateMany updates every match and returns how many matched', async () => {
        const collection = await withPeople();
        expect(await collection.updateMany({ age: 25 }, { $set: { young: true } })).toBe(2);
        expect(ids(await collection.find({ young: true }, { sort: { _id: 1 } }))).toEqual(['b', 'd']);
        expect(await collection.updateMany({ age: 99 }, { $set: { young: true } })).toBe(0);
      });

      test('deleteOne deletes one match; deleteMany deletes all matches or everything', async () => {
        const collection = await withPeople();
        expect(await collection.deleteOne({ age: 25 })).toBe(true);
        expect(await collection.count({ age: 25 })).toBe(1);
        expect(await collection.deleteOne({ _id: 'nobody' })).toBe(false);
        expect(await collection.deleteMany({ age: { $gt: 30 } })).toBe(2);
        expect(await collection.deleteMany()).toBe(1);
        expect(await collection.count()).toBe(0);
      });

      test('drop removes the documents and the indexes; the collection stays usable', async () => {
        const collection = await withPeople();
        await collection.createIndex({ name: 1 }, { unique: true });
        await collection.drop();
        expect(await collection.count()).toBe(0);
        await collection.insertOne({ _id: 'x', name: 'Same', age: 1, tags: [] });
        await collection.insertOne({ _id: 'y', name: 'Same', age: 1, tags: [] });
        expect(await collection.count({ name: 'Same' })).toBe(2);
      });
    });

    describe('unique indexes', () => {
      test('refuse a duplicate on insert, update, replace and upsert, leaving the data as it was', async () => {
        const collection = fresh();
        await collection.createIndex({ email: 1 }, { unique: true, name: 'by_email' });
        await collection.insertOne({ _id: 'a', email: 'a@x.it' });
        await collection.insertOne({ _id: 'b', email: 'b@x.it' });
        await expect(collection.insertOne({ _id: 'c', email: 'a@x.it' })).rejects.toMatchObject(DUPLICATE_KEY);
        await expect(collection.updateOne({ _id: 'b' }, { $set: { email: 'a@x.it' } })).rejects.toMatchObject(
          DUPLICATE_KEY,
        );
        await expect(collection.replaceOne({ _id: 'b' }, { _id: 'b', email: 'a@x.it' })).rejects.toMatchObject(
          DUPLICATE_KEY,
        );
        await expect(
          collection.updateOne({ _id: 'c' }, { $set: { email: 'b@x.it' } }, { upsert: true }),
        ).rejects.toMatchObject(DUPLICATE_KEY);
        expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', email: 'a@x.it' },
          { _id: 'b', email: 'b@x.it' },
        ]);
      });

      test('follow the documents: a value freed by update or delete can be taken again', async () => {
        const collection = fresh();
        await collection.createIndex({ email: 1 }, { unique: true });
        await collection.insertOne({ _id: 'a', email: 'a@x.it' });
        await collection.insertOne({ _id: 'b', email: 'b@x.it' });
        await collection.updateOne({ _id: 'a' }, { $set: { email: 'new@x.it' } });
        await collection.insertOne({ _id: 'c', email: 'a@x.it' });
        await collection.deleteOne({ _id: 'b' });
        await collection.insertOne({ _id: 'd', email: 'b@x.it' });
        await collection.updateOne({ _id: 'd' }, { $set: { other: 1 } });
        expect(await collection.count()).toBe(3);
      });

      test('compound keys are unique as a tuple; a missing field counts as null', async () => {
        const collection = fresh();
        await collection.createIndex({ owner: 1, slot: 1 }, { unique: true });
        await collection.insertOne({ _id: '1', owner: 'o', slot: 1 });
        await collection.insertOne({ _id: '2', owner: 'o', slot: 2 });
        await collection.insertOne({ _id: '3', owner: 'p', slot: 1 });
        await expect(collection.insertOne({ _id: '4', owner: 'o', slot: 1 })).rejects.toMatchObject(DUPLICATE_KEY);
        await collection.insertOne({ _id: '5', owner: 'q' });
        await expect(collection.insertOne({ _id: '6', owner: 'q', slot: null })).rejects.toMatchObject(DUPLICATE_KEY);
        expect(await collection.count()).toBe(4);
      });

      test('cannot be built over existing duplicates; creating the same index twice is fine', async () => {
        const collection = await withPeople();
        await expect(collection.createIndex({ age: 1 }, { unique: true })).rejects.toMatchObject(DUPLICATE_KEY);
        await collection.insertOne({ _id: 'e', name: 'Eve', age: 25, tags: [] });
        await collection.createIndex({ name: 1 }, { unique: true });
        await collection.createIndex({ name: 1 }, { unique: true });
        await expect(collection.insertOne({ _id: 'f', name: 'Eve', age: 1, tags: [] })).rejects.toMatchObject(
          DUPLICATE_KEY,
        );
      });

      test('a non-unique index allows duplicates', async () => {
        const collection = await withPeople();
        await collection.createIndex({ age: 1 }, { name: 'by_age' });
        await collection.insertOne({ _id: 'e', name: 'Eve', age: 25, tags: [] });
        expect(await collection.count({ age: 25 })).toBe(3);
      });
    });

    describe('isolation: documents are copied in and out', () => {
      test('changing an inserted or replaced object afterwards does not change the store', async () => {
        const collection = fresh();
        const doc = { _id: 'x', nested: { n: 1 }, list: [1] };
        await collection.insertOne(doc);
        doc.nested.n = 2;
        doc.list.push(2);
        expect(await collection.findOne({ _id: 'x' })).toEqual({ _id: 'x', nested: { n: 1 }, list: [1] });
        const replacement = { _id: 'x', nested: { n: 3 }, list: [3] };
        await collection.replaceOne({ _id: 'x' }, replacement);
        replacement.nested.n = 4;
        expect(await collection.findOne({ _id: 'x' })).toEqual({ _id: 'x', nested: { n: 3 }, list: [3] });
      });

      test("docProjection's guarded writes by _id: applied below the guard, a duplicate key at or above it on upsert, false without", async () => {
        const collection = fresh();
        const at = (position: number) => ({ _id: 'x', _pos: { $lt: position } });
        expect(
          await collection.replaceOne(
            at(5),
            { _id: 'x', n: 1, when: new Date('2026-01-02T03:04:05Z'), _pos: 5 },
            { upsert: true },
          ),
        ).toBe(true);
        expect(await collection.replaceOne(at(7), { _id: 'x', n: 2, _pos: 7 }, { upsert: true })).toBe(true);
        await expect(collection.replaceOne(at(7), { _id: 'x', n: 3, _pos: 7 }, { upsert: true })).rejects.toMatchObject(
          DUPLICATE_KEY,
        );
        expect(await collection.replaceOne(at(6), { _id: 'x', n: 4, _pos: 6 })).toBe(false);
        expect(await collection.findOne({ _id: 'x' })).toEqual({ _id: 'x', n: 2, _pos: 7 });
        // counters: $inc and $set by _id under the same guard, missing fields counted from 0
        expect(
          await collection.updateOne(
            at(9),
            { $inc: { total: 2, half: 0.5 }, $set: { _pos: 9, label: 'a', when: new Date('2026-01-02T03:04:05Z') } },
            { upsert: true },
          ),
        ).toBe(true);
        expect(
          await collection.updateOne(at(11), { $inc: { total: -3, half: 0.25 }, $set: { _pos: 11 } }, { upsert: true }),
        ).toBe(true);
        await expect(
          collection.updateOne(at(10), { $inc: { total: 100 }, $set: { _pos: 10 } }, { upsert: true }),
        ).rejects.toMatchObject(DUPLICATE_KEY);
        expect(await collection.updateOne(at(10), { $inc: { total: 100 }, $set: { _pos: 10 } })).toBe(false);
        expect(await collection.findOne({ _id: 'x' })).toEqual({
          _id: 'x',
          n: 2,
          total: -1,
          half: 0.75,
          label: 'a',
          when: new Date('2026-01-02T03:04:05Z'),
          _pos: 11,
        });
        // a new one: the guard on nothing inserts, with $setOnInsert, $set and $inc
        expect(
          await collection.updateOne(
            { _id: 'y', _pos: { $lt: 1 } },
            { $inc: { total: 1 }, $set: { _pos: 1 }, $setOnInsert: { kind: 'k' } },
            { upsert: true },
          ),
        ).toBe(true);
        expect(await collection.updateOne({ _id: 'z' }, { $inc: { total: 1 } })).toBe(false);
        expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'x', n: 2, total: -1, half: 0.75, label: 'a', when: new Date('2026-01-02T03:04:05Z'), _pos: 11 },
          { _id: 'y', total: 1, kind: 'k', _pos: 1 },
        ]);
      });

      test('upsertMany, where a store has it, writes whole documents by _id, new or not', async () => {
        const collection = fresh();
        if (!collection.upsertMany) return;
        await collection.insertOne({ _id: 'a', position: 1, old: true });
        await collection.upsertMany([
          { _id: 'a', position: 5 },
          { _id: 'b', position: 6 },
        ]);
        expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', position: 5 },
          { _id: 'b', position: 6 },
        ]);
      });

      test('upsertMany of positioned documents keeps a stored one already at or past its position', async () => {
        const collection = fresh();
        if (!collection.upsertMany) return;
        await collection.insertOne({ _id: 'a', _pos: 7, v: 'stored' });
        await collection.insertOne({ _id: 'b', _pos: 3, v: 'stored' });
        await collection.upsertMany(
          [
            { _id: 'a', _pos: 7, v: 'again' },
            { _id: 'b', _pos: 5, v: 'newer' },
            { _id: 'c', _pos: 6, v: 'new' },
          ],
          { positioned: true },
        );
        expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', _pos: 7, v: 'stored' },
          { _id: 'b', _pos: 5, v: 'newer' },
          { _id: 'c', _pos: 6, v: 'new' },
        ]);
      });

      test('watch, where a store has it, tells of a checkpoint written', async () => {
        if (!store?.watch) return;
        const checkpoints = store.collection('_checkpoints');
        let told = 0;
        const unwatch = store.watch('_checkpoints', () => (told += 1));
        const id = `contract_${process.pid}_watch`;
        try {
          const deadline = Date.now() + 5_000;
          // the listening connection opens on the first watch: write until it hears one
          for (let position = 1; told === 0 && Date.now() < deadline; position++) {
            if (checkpoints.upsertMany) await checkpoints.upsertMany([{ _id: id, position }]);
            else await checkpoints.replaceOne({ _id: id }, { _id: id, position }, { upsert: true });
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          expect(told).toBeGreaterThan(0);
        } finally {
          unwatch();
          await checkpoints.deleteOne({ _id: id });
        }
      });

      test('changing what a read returned does not change the store', async () => {
        const collection = fresh();
        await collection.insertOne({ _id: 'x', nested: { n: 1 }, list: [1] });
        const one = await collection.findOne({ _id: 'x' });
        (one?.nested as { n: number }).n = 9;
        const [many] = await collection.find({});
        (many?.list as number[]).push(9);
        const [aggregated] = await collection.aggregate<{ nested: { n: number } }>([{ $match: { _id: 'x' } }]);
        if (aggregated) aggregated.nested.n = 9;
        expect(await collection.findOne({ _id: 'x' })).toEqual({ _id: 'x', nested: { n: 1 }, list: [1] });
      });

      test('changing an update document afterwards does not change the store', async () => {
        const collection = fresh();
        await collection.insertOne({ _id: 'x' });
        const value = { n: 1 };
        const element = { id: 1 };
        await collection.updateOne({ _id: 'x' }, { $set: { value }, $push: { list: element } });
        value.n = 2;
        element.id = 2;
        expect(await collection.findOne({ _id: 'x' })).toEqual({ _id: 'x', value: { n: 1 }, list: [{ id: 1 }] });
      });
    });
  });
}
