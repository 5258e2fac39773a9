import { Query, update as mingoUpdate } from 'mingo';
import { compileSimpleFilter } from './simple-filter';
import { applySimpleUpdate } from './simple-update';

/** a copy in this realm (jest's clone answers objects of another one) */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The plain-code answers must be mingo's own wherever they answer at all. */
const docs: Record<string, unknown>[] = [
  { _id: 'a', n: 1, s: 'x', b: true, z: null, nested: { n: 1, s: 'x' } },
  { _id: 'b', n: 2, s: 'y', b: false, nested: { n: 2 } },
  { _id: 'c', n: '1', s: 3, nested: null },
  { _id: 'd', n: [1, 2], s: ['x'], nested: [{ n: 1 }] },
  { _id: 'e', n: 1.5, s: '', nested: 5, d: new Date(0) },
  { _id: 'f' },
];

const filters: Record<string, unknown>[] = [
  {},
  { _id: 'a' },
  { n: 1 },
  { n: '1' },
  { n: null },
  { z: null },
  { b: true },
  { b: false },
  { s: 'x' },
  { n: { $lt: 2 } },
  { n: { $lte: 1.5 } },
  { n: { $gt: 1 } },
  { n: { $gte: 2 } },
  { s: { $lt: 'y' } },
  { s: { $gte: '' } },
  { n: { $ne: 1 } },
  { n: { $ne: null } },
  { n: { $in: [1, 2] } },
  { n: { $nin: [1, null] } },
  { n: { $exists: true } },
  { z: { $exists: false } },
  { 'nested.n': 1 },
  { 'nested.n': null },
  { 'nested.s': { $exists: true } },
  { n: { $gt: 0, $lt: 2 } },
  { _id: 'a', n: { $lt: 5 } },
  { d: { $exists: true } },
  { n: { $eq: 2 } },
];

describe('simple filters agree with mingo', () => {
  test.each(filters.map((filter) => [JSON.stringify(filter), filter] as const))('%s', (_, filter) => {
    const predicate = compileSimpleFilter(filter);
    expect(predicate).toBeDefined();
    const query = new Query(filter);
    for (const doc of docs) {
      const verdict = predicate!(doc);
      if (verdict !== undefined) expect([doc._id, verdict]).toEqual([doc._id, query.test(doc)]);
    }
  });

  test('filters outside the subset are left to mingo', () => {
    for (const filter of [
      { $or: [{ n: 1 }] },
      { n: /x/ },
      { n: { $elemMatch: { $gt: 1 } } },
      { n: [1, 2] },
      { nested: { n: 1 } },
      { 'items.$.n': 1 },
      { d: { $lt: new Date() } },
    ]) {
      expect(compileSimpleFilter(filter)).toBeUndefined();
    }
  });

  test('a document holding an array, a subdocument or a date where a scalar is asked is left to mingo', () => {
    const predicate = compileSimpleFilter({ n: 1, s: { $exists: true } })!;
    expect(predicate(docs[3]!)).toBeUndefined();
    // a definite false on another field settles it
    expect(predicate({ _id: 'g', n: [1], s: 1 })).toBeUndefined();
    expect(predicate({ _id: 'g', n: [1] })).toBe(false);
  });
});

describe('simple updates agree with mingo', () => {
  const cases: Record<string, unknown>[] = [
    { $set: { n: 5, 'nested.n': 3, 'fresh.deep.x': 'y' } },
    { $inc: { n: 2, missing: 1, 'nested.n': -1 } },
    { $unset: { s: '', 'nested.s': '', 'nowhere.x': '' } },
    { $set: { s: 'q' }, $inc: { 'nested.n': 1 }, $unset: { b: '' } },
    { $push: { list: { x: 2 }, 'nested.fresh': 'a', made: [1] }, $inc: { n: 1 } },
  ];
  test.each(cases.map((modifier) => [JSON.stringify(modifier), modifier] as const))('%s', (_, modifier) => {
    const base = { _id: 'a', n: 1, s: 'x', b: true, nested: { n: 1, s: 'x' }, list: [{ x: 1 }] };
    const plain = clone(base);
    expect(applySimpleUpdate(plain, modifier, clone)).toBe(true);
    const viaMingo = clone(base);
    mingoUpdate(viaMingo, clone(modifier), [], {}, { cloneMode: 'none' });
    expect(plain).toEqual(viaMingo);
  });

  test('refuses, changing nothing, what only mingo knows: arrays, positional paths, $inc on a string, conflicts', () => {
    const doc = { _id: 'a', n: 'text', list: [{ x: 1 }], nested: { n: 1 } };
    const before = clone(doc);
    for (const modifier of [
      { $push: { list: { $each: [1] } } },
      { $push: { n: 1 } },
      { $push: { 'list.0.x': 1 } },
      { $set: { 'list.0.x': 2 } },
      { $set: { 'list.$.x': 2 } },
      { $inc: { n: 1 } },
      { $set: { nested: 1 }, $inc: { 'nested.n': 1 } },
      { $set: { _id: 'b' } },
      { $set: { 'n.deep': 1 } },
    ]) {
      expect(applySimpleUpdate(doc, modifier, clone)).toBe(false);
      expect(doc).toEqual(before);
    }
  });
});
