/**
 * The in-memory read-model adapter ('memory'): MongoDB's query, update and aggregation language
 * through `mingo`. Documents are copied in and out, so nothing outside can change the store, and a
 * stored document is never changed in place (a write stores a new object): that is what lets
 * `dump()` hand out the live documents for a snapshot without copying them.
 * The usual filters and updates run in plain code (simple-filter.ts, simple-update.ts), and the
 * declared indexes narrow equality lookups (equality-index.ts), as MongoDB's would.
 */
import { randomUUID } from 'node:crypto';
import { Aggregator, Query, update as applyModifier } from 'mingo';
import type { Modifier } from 'mingo/updater';
import type { AdapterHealth } from '../eventstore/port';
import { EqualityIndex, equalityValues } from './equality-index';
import type { Collection, Doc, Filter, FindOptions, ReadModelStore, Update } from './port';
import { compileSimpleFilter } from './simple-filter';
import { applySimpleUpdate } from './simple-update';

/** MongoDB's code for a duplicate key: callers test `error.code === 11000` on every adapter. */
export const DUPLICATE_KEY_CODE = 11000;

export class DuplicateKeyError extends Error {
  readonly code = DUPLICATE_KEY_CODE;
  constructor(collection: string, index: string, key: string) {
    super(`E11000 duplicate key error collection: ${collection} index: ${index} dup key: ${key}`);
    this.name = 'DuplicateKeyError';
  }
}

type Keys = Record<string, 1 | -1>;

export interface IndexSpec {
  keys: Keys;
  unique: boolean;
}

interface CollectionState {
  /** the _id index: Map keeps insertion order, MongoDB's natural order on a fresh collection */
  docs: Map<string, Doc>;
  /** insertion rank of each _id, to give index lookups the natural order too */
  rank: Map<string, number>;
  nextRank: number;
  indexes: Map<string, IndexSpec>;
  unique: UniqueIndex[];
  /** by the first field of each declared index */
  equality: Map<string, EqualityIndex>;
}

/** A collection as it is at one instant: its index specs and its (shared, never mutated) documents. */
export interface CollectionDump {
  name: string;
  indexes: [string, IndexSpec][];
  docs: Doc[];
}

export interface MingoReadModelStore extends ReadModelStore {
  /** every collection now, without copying a document: take it between two writes */
  dump(): CollectionDump[];
  /** replaces every collection with the dumps' (their documents are adopted, not copied) */
  load(dumps: readonly CollectionDump[]): void;
}

export function createMingoReadModelStore(): MingoReadModelStore {
  const collections = new Map<string, CollectionState>();
  const stateOf = (name: string): CollectionState => {
    let state = collections.get(name);
    if (!state) {
      state = emptyState();
      collections.set(name, state);
    }
    return state;
  };
  const watchers = new Map<string, Set<() => void>>();
  /** collections whose watchers are to be told at the end of this turn: a batch's writes make one call */
  const pending = new Set<string>();
  const context: StoreContext = {
    stateOf,
    changed(name) {
      if (!watchers.get(name)?.size || pending.has(name)) return;
      pending.add(name);
      setImmediate(() => {
        pending.delete(name);
        for (const onChange of [...(watchers.get(name) ?? [])]) onChange();
      });
    },
    drop: (name) => collections.delete(name),
    snapshot: (name) => [...(collections.get(name)?.docs.values() ?? [])].map((doc) => copy(doc) as Doc),
  };
  return {
    adapter: 'memory',
    collection: <T extends Doc = Doc>(name: string): Collection<T> => new MingoCollection<T>(name, context),
    health: async (): Promise<AdapterHealth> => ({
      adapter: 'memory',
      ok: true,
      detail: `${collections.size} collections`,
    }),
    // read-your-writes (projections/wait.ts) is told of a checkpoint written instead of polling for it
    watch(collection, onChange) {
      let forCollection = watchers.get(collection);
      if (!forCollection) watchers.set(collection, (forCollection = new Set()));
      const own = () => onChange();
      forCollection.add(own);
      return () => {
        forCollection.delete(own);
      };
    },
    close: async () => {},
    dump: () =>
      [...collections].map(([name, state]) => ({ name, indexes: [...state.indexes], docs: [...state.docs.values()] })),
    load(dumps) {
      collections.clear();
      for (const dump of dumps) {
        const state = emptyState();
        for (const doc of dump.docs) {
          state.docs.set(doc._id, doc);
          state.rank.set(doc._id, state.nextRank++);
        }
        for (const [name, spec] of dump.indexes) addIndex(state, dump.name, name, spec);
        collections.set(dump.name, state);
      }
    },
  };
}

function emptyState(): CollectionState {
  return { docs: new Map(), rank: new Map(), nextRank: 0, indexes: new Map(), unique: [], equality: new Map() };
}

/** Builds an index over the documents already there (a unique one refuses existing duplicates). */
function addIndex(state: CollectionState, collection: string, name: string, spec: IndexSpec): void {
  const fields = Object.keys(spec.keys);
  if (spec.unique) {
    const index = new UniqueIndex(name, fields);
    for (const doc of state.docs.values()) {
      index.assertFree(doc, collection);
      index.add(doc);
    }
    state.unique.push(index);
  }
  const first = fields[0];
  if (first !== undefined && first !== '_id' && !state.equality.has(first)) {
    const index = new EqualityIndex(first);
    for (const doc of state.docs.values()) index.add(doc._id, doc);
    state.equality.set(first, index);
  }
  state.indexes.set(name, spec);
}

interface StoreContext {
  stateOf(name: string): CollectionState;
  /** a write to the collection landed: its watchers are told once the current turn is over */
  changed(name: string): void;
  drop(name: string): void;
  /** copies of a collection's documents, for $lookup and friends */
  snapshot(name: string): Doc[];
}

class MingoCollection<T extends Doc> implements Collection<T> {
  constructor(
    readonly name: string,
    private readonly context: StoreContext,
  ) {}

  async findOne(filter: Filter): Promise<T | null> {
    const doc = this.matches(filter).next().value;
    return doc ? (copy(doc) as T) : null;
  }

  async findOneShared(filter: Filter): Promise<T | null> {
    return (this.matches(filter).next().value as T | undefined) ?? null;
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const matched = [...this.matches(filter)];
    const pick = options.projection ? plainProjection(options.projection) : copy;
    if (!pick) return this.ordered(matched, options, options.projection).map((doc) => copy(doc) as T);
    return this.ordered(matched, options).map((doc) => pick(doc) as T);
  }

  private ordered(matched: Doc[], options: FindOptions, projection?: FindOptions['projection']): Doc[] {
    if (!projection && !options.sort && !options.skip && !options.limit) return matched;
    const cursor = new Query({}).find<Doc>(matched, projection);
    if (options.sort) cursor.sort(options.sort);
    if (options.skip) cursor.skip(options.skip);
    if (options.limit) cursor.limit(options.limit);
    return cursor.all();
  }

  async count(filter: Filter = {}): Promise<number> {
    let count = 0;
    for (const _ of this.matches(filter)) count++;
    return count;
  }

  async aggregate<R = Record<string, unknown>>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    // A leading $match runs here, on the live documents, so only the matches get copied.
    const [first, ...rest] = pipeline;
    const leadingMatch =
      first && Object.keys(first).length === 1 && isPlainObject(first.$match) ? first.$match : undefined;
    const input = [...this.matches(leadingMatch ?? {})].map((doc) => copy(doc) as Doc);
    const stages = (leadingMatch ? rest : pipeline).map((stage) => copy(stage) as Record<string, unknown>);
    return new Aggregator(stages, { collectionResolver: (name) => this.context.snapshot(name) }).run(input) as R[];
  }

  async insertOne(doc: T): Promise<void> {
    const stored = copy(doc) as Doc;
    stored._id ??= randomUUID();
    this.write(undefined, stored);
  }

  async replaceOne(filter: Filter, doc: T, options: { upsert?: boolean; adopt?: boolean } = {}): Promise<boolean> {
    const target = this.matches(filter).next().value;
    const replacement = options.adopt ? (doc as Doc) : (copy(doc) as Doc);
    if (target) {
      replacement._id ??= target._id;
      assertSameId(target, replacement);
      this.write(target, replacement);
      return true;
    }
    if (!options.upsert) return false;
    replacement._id ??= upsertBase(filter)._id ?? randomUUID();
    this.write(undefined, replacement);
    return true;
  }

  async updateOne(filter: Filter, update: Update, options: { upsert?: boolean } = {}): Promise<boolean> {
    const { onInsert, modifier } = splitUpdate(update);
    const target = this.matches(filter).next().value;
    if (target) {
      this.write(target, modified(target, modifier, filter));
      return true;
    }
    if (!options.upsert) return false;
    const inserted = applyUpdate(applyUpdate(upsertBase(filter), onInsert, {}), modifier, {});
    inserted._id ??= randomUUID();
    this.write(undefined, inserted);
    return true;
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    const { modifier } = splitUpdate(update);
    const targets = [...this.matches(filter)];
    // Like MongoDB, not atomic: a duplicate key stops the loop and keeps the earlier writes.
    for (const target of targets) this.write(target, modified(target, modifier, filter));
    return targets.length;
  }

  async deleteOne(filter: Filter): Promise<boolean> {
    const target = this.matches(filter).next().value;
    if (target) this.write(target, undefined);
    return target !== undefined;
  }

  async deleteMany(filter: Filter = {}): Promise<number> {
    const targets = [...this.matches(filter)];
    for (const target of targets) this.write(target, undefined);
    return targets.length;
  }

  async createIndex(keys: Keys, options: { unique?: boolean; name?: string } = {}): Promise<void> {
    const state = this.context.stateOf(this.name);
    const name =
      options.name ??
      Object.entries(keys)
        .map(([field, order]) => `${field}_${order}`)
        .join('_');
    const spec = { keys: { ...keys }, unique: options.unique ?? false };
    const existing = state.indexes.get(name);
    if (existing) {
      if (canonical(existing) === canonical(spec)) return;
      throw Object.assign(new Error(`An index named ${name} already exists with different options`), { code: 86 });
    }
    addIndex(state, this.name, name, spec);
  }

  async drop(): Promise<void> {
    this.context.drop(this.name);
  }

  /**
   * For a filter not naming its `_id`s (those go through the Map: namedById): equality on the first
   * field of a declared index goes through that index (in natural order), anything else scans.
   */
  private candidates(filter: Filter): Iterable<Doc> {
    const state = this.context.stateOf(this.name);
    const { docs } = state;
    for (const [field, index] of state.equality) {
      const values = field in filter ? equalityValues(filter[field]) : undefined;
      if (!values) continue;
      const found = index.candidates(values);
      // past half the collection a scan in natural order is as cheap as sorting the candidates
      if (found.size * 2 > docs.size) break;
      const rank = (each: string) => state.rank.get(each) ?? 0;
      return [...found].sort((a, b) => rank(a) - rank(b)).flatMap((each) => docs.get(each) ?? []);
    }
    return docs.values();
  }

  /** The documents stored under a filter's `_id` (a string, or `$in` of strings); undefined when it names none that way. */
  private namedById(id: unknown): Doc[] | undefined {
    const { docs } = this.context.stateOf(this.name);
    if (typeof id === 'string') {
      const doc = docs.get(id);
      return doc ? [doc] : [];
    }
    const ids = isPlainObject(id) && Object.keys(id).length === 1 ? id.$in : undefined;
    if (Array.isArray(ids) && ids.every((each) => typeof each === 'string'))
      return [...new Set(ids)].flatMap((each) => docs.get(each) ?? []);
    return undefined;
  }

  private *matches(filter: Filter): Generator<Doc, undefined> {
    const named = this.namedById(filter._id);
    // the projections' usual lookup, on _id alone: what the map holds is the answer, nothing to compile or test
    if (named && Object.keys(filter).length === 1) return yield* named;
    const simple = compileSimpleFilter(filter);
    let query: Query | undefined;
    for (const doc of named ?? this.candidates(filter)) {
      const verdict = simple?.(doc);
      if (verdict === true) yield doc;
      else if (verdict === undefined && (query ??= new Query(copy(filter) as Filter)).test(doc)) yield doc;
    }
    return undefined;
  }

  /** Insert (no before), replace, or delete (no after) one document, keeping the unique indexes true. */
  private write(before: Doc | undefined, after: Doc | undefined): void {
    const state = this.context.stateOf(this.name);
    if (after) {
      if (!before && state.docs.has(after._id))
        throw new DuplicateKeyError(this.name, '_id_', canonical({ _id: after._id }));
      for (const index of state.unique) index.assertFree(after, this.name);
    }
    for (const index of state.unique) {
      if (before) index.remove(before);
      if (after) index.add(after);
    }
    for (const index of state.equality.values()) {
      if (before && after && index.sameKeys(before, after)) continue;
      if (before) index.remove(before._id, before);
      if (after) index.add(after._id, after);
    }
    if (after) {
      state.docs.set(after._id, after);
      if (!before) state.rank.set(after._id, state.nextRank++);
    } else if (before) {
      state.docs.delete(before._id);
      state.rank.delete(before._id);
    }
    this.context.changed(this.name);
  }
}

/** The keys of one unique index, each mapped to the _id owning it. */
class UniqueIndex {
  private readonly owners = new Map<string, string>();
  constructor(
    readonly name: string,
    private readonly fields: string[],
  ) {}

  assertFree(doc: Doc, collection: string): void {
    for (const key of this.keysOf(doc)) {
      const owner = this.owners.get(key);
      if (owner !== undefined && owner !== doc._id) throw new DuplicateKeyError(collection, this.name, key);
    }
  }

  add(doc: Doc): void {
    for (const key of this.keysOf(doc)) this.owners.set(key, doc._id);
  }

  remove(doc: Doc): void {
    for (const key of this.keysOf(doc)) if (this.owners.get(key) === doc._id) this.owners.delete(key);
  }

  /** MongoDB's rules: a missing field indexes as null, an array indexes each element (multikey). */
  private keysOf(doc: Doc): string[] {
    let tuples: unknown[][] = [[]];
    for (const field of this.fields) {
      const value = valueAt(doc, field.split('.'));
      const values = Array.isArray(value) && value.length > 0 ? value : [value];
      tuples = tuples.flatMap((tuple) => values.map((each) => [...tuple, each ?? null]));
    }
    return [
      ...new Set(
        tuples.map((tuple) => canonical(Object.fromEntries(this.fields.map((field, i) => [field, tuple[i]])))),
      ),
    ];
  }
}

function valueAt(value: unknown, path: string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (Array.isArray(value))
    return value
      .map((item) => valueAt(item, path))
      .filter((each) => each !== undefined)
      .flat();
  return isPlainObject(value) ? valueAt(value[head], rest) : undefined;
}

/** An updated copy of a stored document; its _id may not change. */
function modified(doc: Doc, modifier: Update, condition: Filter): Doc {
  const next = applyUpdate(copyTouched(doc, modifier), modifier, condition);
  assertSameId(doc, next);
  return next;
}

/**
 * A copy of a stored document for `modifier` to change: the fields it touches are copied (an array it
 * only appends one value to, shallowly), the others are shared with the stored version, which is
 * never changed in place. A weekly statement's growing list of lines is then not copied item by
 * item on every credit.
 */
function copyTouched(doc: Doc, modifier: Update): Doc {
  const next: Doc = { ...doc };
  const copied = new Map<string, 'deep' | 'shallow'>();
  for (const [operator, fields] of Object.entries(modifier)) {
    if (!isPlainObject(fields)) return copy(doc) as Doc;
    for (const [field, operand] of Object.entries(fields)) {
      const top = field.split('.')[0]!;
      const current = doc[top];
      if (current === undefined || copied.get(top) === 'deep') continue;
      const appendsOne =
        (operator === '$push' || operator === '$addToSet') &&
        top === field &&
        Array.isArray(current) &&
        !(isPlainObject(operand) && Object.keys(operand).some((key) => key.startsWith('$')));
      if (appendsOne && copied.has(top)) continue;
      next[top] = appendsOne ? [...(current as unknown[])] : copy(current);
      copied.set(top, appendsOne ? 'shallow' : 'deep');
    }
  }
  return next;
}

function applyUpdate(doc: Doc, modifier: Update, condition: Filter): Doc {
  if (Object.keys(modifier).length === 0) return doc;
  if (applySimpleUpdate(doc, modifier, copy)) return doc;
  // the condition lets mingo resolve the positional operator (`items.$.qty`)
  applyModifier(doc, copy(modifier) as Modifier<Doc>, [], copy(condition) as Filter, { cloneMode: 'none' });
  return doc;
}

/** mingo has no $setOnInsert: it is applied on the upsert path only. */
function splitUpdate(update: Update): { onInsert: Update; modifier: Update } {
  const { $setOnInsert, ...modifier } = update;
  const operator = Object.keys(modifier).find((key) => !key.startsWith('$'));
  if (operator !== undefined) throw new Error(`Update document requires atomic operators, found '${operator}'`);
  return { onInsert: isPlainObject($setOnInsert) ? { $set: $setOnInsert } : {}, modifier };
}

/** The document an upsert starts from: the filter's equality fields, as MongoDB does (_id may be absent yet). */
function upsertBase(filter: Filter): Doc {
  // mingo refuses to $set an _id, so that one is put in place directly
  const { _id, ...fields } = equalityFields(filter);
  const base = applyUpdate({} as Doc, Object.keys(fields).length > 0 ? { $set: fields } : {}, {});
  if (typeof _id === 'string') base._id = _id;
  return base;
}

function equalityFields(filter: Filter): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) if (isPlainObject(clause)) Object.assign(fields, equalityFields(clause));
    } else if (key.startsWith('$') || value instanceof RegExp) {
      continue;
    } else if (isPlainObject(value) && Object.keys(value).some((operator) => operator.startsWith('$'))) {
      if ('$eq' in value) fields[key] = value.$eq;
    } else {
      fields[key] = value;
    }
  }
  return fields;
}

function assertSameId(before: Doc, after: Doc): void {
  if (after._id !== undefined && after._id !== before._id) {
    throw Object.assign(new Error(`Performing an update on the path '_id' would modify the immutable field '_id'`), {
      code: 66,
    });
  }
}

/**
 * A projection of top-level fields (all included or all excluded, `_id` either way) as a copy of
 * just those fields: mingo's projection builds an operator pipeline per call, which the chat's
 * unread counts paid per message. Anything else (dotted paths, mixed modes) returns undefined.
 */
function plainProjection(projection: Record<string, unknown>): ((doc: Doc) => Doc) | undefined {
  const fields = Object.entries(projection).filter(([field]) => field !== '_id');
  if (
    Object.entries(projection).some(
      ([field, value]) => field.includes('.') || field.startsWith('$') || (value !== 0 && value !== 1),
    )
  )
    return undefined;
  const withId = projection._id !== 0;
  const including = fields.some(([, value]) => value === 1) || (fields.length === 0 && projection._id === 1);
  if (fields.some(([, value]) => value !== (including ? 1 : 0))) return undefined;
  const named = new Set(fields.map(([field]) => field));
  return (doc) => {
    const picked: Doc = {} as Doc;
    for (const key of Object.keys(doc)) {
      if (key === '_id' ? withId : named.has(key) === including) picked[key] = copy(doc[key]);
    }
    return picked;
  };
}

/** Deep copy; `undefined` becomes null, as the MongoDB driver serializes it by default. */
function copy(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy);
  if (value instanceof Date) return new Date(value.getTime());
  if (isPlainObject(value)) {
    const copied: Record<string, unknown> = {};
    for (const key of Object.keys(value)) copied[key] = copy(value[key]);
    return copied;
  }
  return value instanceof RegExp ? value : structuredClone(value);
}

/** Stable text for a value, dates included: the identity of an index key. */
function canonical(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, each: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.getTime() } : each;
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
