/**
 * Projections of one document per entity, written so that no event is ever applied twice: each
 * document carries `_pos`, the position of the last event applied to it, and every write is
 * conditional on `_pos` being older than the event. A crash between writing documents and saving
 * the checkpoint then only replays events the documents already skip.
 */
import type { StoredEvent } from '../../platform/eventstore/port';
import type { RecordedEvent } from '../../platform/recorded-event';
import { createMingoReadModelStore } from '../../platform/readmodels/mingo';
import type { Collection, Doc, ReadModelStore, Update } from '../../platform/readmodels/port';
import type { ProjectionDefinition, ProjectionIndex } from './runner';

export type Positioned<D extends Doc> = D & { _pos: number };

export interface DocProjectionSpec<D extends Doc, E extends StoredEvent = RecordedEvent> {
  name: string;
  collection: string;
  eventTypes: readonly string[];
  indexes?: readonly Omit<ProjectionIndex, 'collection'>[];
  /** the document an event changes; undefined leaves every document as it is */
  documentId(event: E): string | undefined;
  /**
   * The document after the event; null deletes it. Deleting also deletes the guard, so after a
   * crash the events before the deletion may meet a null doc: evolve must accept null for any event.
   */
  evolve(doc: D | null, event: E): D | null;
  /**
   * `evolve` is pure (it never changes the document it is given): the stored document is folded
   * without copying it, and the result stored as it is, sharing what did not change. For documents
   * that grow with the log (a list a document keeps), which a copy per event would make quadratic.
   */
  pureEvolve?: boolean;
}

export function docProjection<D extends Doc, E extends StoredEvent = RecordedEvent>(
  spec: DocProjectionSpec<D, E>,
): ProjectionDefinition<E> {
  /** Folds a document's events (in log order) over it: one read, one write, skipping what it has seen. */
  /** A document's unseen events folded over it: the document to write (null: deleted) and the first unseen position; undefined when all were seen. */
  function fold(
    id: string,
    events: E[],
    current: Positioned<D> | null,
  ): { doc: Positioned<D> | null; first: number } | undefined {
    const unseen = current ? events.filter((event) => event.position > current._pos) : events;
    const first = unseen[0];
    const last = unseen.at(-1);
    if (!first || !last) return undefined;
    let doc = current ? withoutPosition(current) : null;
    for (const event of unseen) doc = spec.evolve(doc, event);
    return { doc: doc === null ? null : { ...doc, _id: id, _pos: last.position }, first: first.position };
  }

  async function applyToDocument(
    store: ReadModelStore,
    id: string,
    events: E[],
    read?: Positioned<D> | null,
  ): Promise<void> {
    const documents = store.collection<Positioned<D>>(spec.collection);
    const current =
      read !== undefined
        ? read
        : spec.pureEvolve && documents.findOneShared
          ? await documents.findOneShared({ _id: id })
          : await documents.findOne({ _id: id });
    const unseen = current ? events.filter((event) => event.position > current._pos) : events;
    const first = unseen[0];
    const last = unseen.at(-1);
    if (!first || !last) return;
    let doc = current ? withoutPosition(current) : null;
    for (const event of unseen) doc = spec.evolve(doc, event);
    // the document as read: nothing else writes between that read and this write
    const asRead = { _id: id, _pos: { $lt: first.position } };
    if (doc === null) {
      await documents.deleteOne(asRead);
      return;
    }
    const written: Positioned<D> = { ...doc, _id: id, _pos: last.position };
    await guarded(documents, id, first.position, () =>
      documents.replaceOne(asRead, written, { upsert: true, adopt: spec.pureEvolve }),
    );
  }

  return {
    name: spec.name,
    collections: [spec.collection],
    eventTypes: spec.eventTypes,
    indexes: spec.indexes?.map((index) => ({ collection: spec.collection, ...index })),
    async apply(event: E, store: ReadModelStore): Promise<void> {
      const id = spec.documentId(event);
      if (id !== undefined) await applyToDocument(store, id, [event]);
    },
    /**
     * One write per document of the batch. A store that holds its documents in memory reads each
     * as it goes (shared, for a pure evolve); any other reads the batch's documents at once and
     * writes them side by side (distinct documents, one writer).
     */
    async applyBatch(events: E[], store: ReadModelStore): Promise<void> {
      const byDocument = new Map<string, E[]>();
      for (const event of events) {
        const id = spec.documentId(event);
        if (id === undefined) continue;
        const own = byDocument.get(id);
        if (own) own.push(event);
        else byDocument.set(id, [event]);
      }
      const documents = store.collection<Positioned<D>>(spec.collection);
      if (documents.findOneShared || byDocument.size < 2) {
        for (const [id, own] of byDocument) await applyToDocument(store, id, own);
        return;
      }
      const read = new Map(
        (await documents.find({ _id: { $in: [...byDocument.keys()] } })).map((doc) => [doc._id, doc]),
      );
      if (!documents.upsertMany) {
        await Promise.all([...byDocument].map(([id, own]) => applyToDocument(store, id, own, read.get(id) ?? null)));
        return;
      }
      // the whole batch in one statement; a deletion on its own
      const written: Positioned<D>[] = [];
      const deleted: Promise<unknown>[] = [];
      for (const [id, own] of byDocument) {
        const folded = fold(id, own, read.get(id) ?? null);
        if (folded === undefined) continue;
        if (folded.doc === null) deleted.push(documents.deleteOne({ _id: id, _pos: { $lt: folded.first } }));
        else written.push(folded.doc);
      }
      await Promise.all([documents.upsertMany(written, { positioned: true }), ...deleted]);
    },
  };
}

/**
 * An update (`$inc`, `$push`…) applied to document `id` only if the event at `position` has not
 * been applied to it yet; upserts. For counters and other models not built by `evolve`. One call
 * per document per event: a second call with the same position is skipped. Returns whether it wrote.
 */
export async function guardedUpdate(
  collection: Collection,
  id: string,
  position: number,
  update: Update,
): Promise<boolean> {
  const $set = { ...(isRecord(update.$set) ? update.$set : {}), _pos: position };
  return guarded(collection, id, position, () =>
    collection.updateOne({ _id: id, _pos: { $lt: position } }, { ...update, $set }, { upsert: true }),
  );
}

export interface GuardedWrite {
  collection: string;
  id: string;
  /** the event's position */
  position: number;
  update: Update;
}

/**
 * Many `guardedUpdate`s (in log order), with one write per document where they only `$inc` and
 * `$set` distinct fields: summed and merged, guarded by the first event's position. When the
 * document has already seen some of them (a replay after a crash) each is applied on its own.
 */
export async function guardedUpdates(store: ReadModelStore, writes: readonly GuardedWrite[]): Promise<void> {
  const groups = new Map<string, GuardedWrite[]>();
  for (const write of writes) {
    const key = `${write.collection}\u0000${write.id}`;
    const group = groups.get(key);
    // as with guardedUpdate, a second write of one event to one document is skipped
    if (group?.at(-1)?.position === write.position) continue;
    if (group) group.push(write);
    else groups.set(key, [write]);
  }
  const byCollection = new Map<string, GuardedWrite[][]>();
  for (const group of groups.values())
    byCollection.set(group[0]!.collection, [...(byCollection.get(group[0]!.collection) ?? []), group]);
  const batched = [...byCollection.keys()].filter((name) => {
    const collection = store.collection(name);
    return collection.upsertMany && !collection.findOneShared;
  });
  await Promise.all(batched.map((name) => foldCollection(store.collection(name), byCollection.get(name)!)));
  // distinct documents: written side by side
  await Promise.all(
    [...groups.values()]
      .filter((group) => !batched.includes(group[0]!.collection))
      .map(async (group) => {
        const first = group[0]!;
        const last = group.at(-1)!;
        const collection = store.collection(first.collection);
        const merged = group.length > 1 ? mergeUpdates(group.map((write) => write.update)) : undefined;
        if (merged) {
          const $set = { ...(isRecord(merged.$set) ? merged.$set : {}), _pos: last.position };
          const wrote = await guarded(collection, first.id, first.position, () =>
            collection.updateOne(
              { _id: first.id, _pos: { $lt: first.position } },
              { ...merged, $set },
              { upsert: true },
            ),
          );
          if (wrote) return;
        }
        // a store that holds its documents in memory takes each update as it is; any other one read and one write
        if (group.length > 1 && !collection.findOneShared) await foldUpdates(collection, group);
        else for (const write of group) await guardedUpdate(collection, write.id, write.position, write.update);
      }),
  );
}

/**
 * A collection's guarded updates where the store writes many documents at once (PostgreSQL): the
 * documents read in one statement, each one's unseen updates applied in order by the in-memory
 * adapter (MongoDB's semantics), the changed ones written in one statement that keeps a document
 * already at or past its new position. docs/architecture.md#read-models-on-postgresql
 */
async function foldCollection(collection: Collection, groups: readonly GuardedWrite[][]): Promise<void> {
  const stored = await collection.find({ _id: { $in: groups.map((group) => group[0]!.id) } });
  const scratch = createMingoReadModelStore();
  scratch.load([{ name: collection.name, indexes: [], docs: stored }]);
  const folded = scratch.collection(collection.name);
  const changed: string[] = [];
  const seenOf = new Map(stored.map((doc) => [doc._id, typeof doc._pos === 'number' ? doc._pos : undefined]));
  for (const group of groups) {
    const id = group[0]!.id;
    const seen = seenOf.get(id);
    const unseen = group.filter((write) => seen === undefined || write.position > seen);
    if (unseen.length === 0) continue;
    changed.push(id);
    for (const write of unseen) {
      const $set = { ...(isRecord(write.update.$set) ? write.update.$set : {}), _pos: write.position };
      await folded.updateOne({ _id: id }, { ...write.update, $set }, { upsert: true });
    }
  }
  if (changed.length > 0)
    await collection.upsertMany!(await folded.find({ _id: { $in: changed } }), { positioned: true });
}

/**
 * One document's guarded updates that cannot be merged (`$push`…): read once, the unseen ones
 * applied in order by the in-memory adapter (MongoDB's semantics), written back once, guarded by the
 * first unseen position (the projection is the document's one writer).
 */
async function foldUpdates(collection: Collection, group: readonly GuardedWrite[]): Promise<void> {
  const id = group[0]!.id;
  const current = await collection.findOne({ _id: id });
  const seen = typeof current?._pos === 'number' ? current._pos : undefined;
  const unseen = group.filter((write) => seen === undefined || write.position > seen);
  const first = unseen[0];
  if (!first) return;
  const scratch = createMingoReadModelStore().collection(collection.name);
  if (current) await scratch.insertOne(current);
  for (const write of unseen) {
    const $set = { ...(isRecord(write.update.$set) ? write.update.$set : {}), _pos: write.position };
    await scratch.updateOne({ _id: id }, { ...write.update, $set }, { upsert: true });
  }
  const folded = await scratch.findOne({ _id: id });
  await guarded(collection, id, first.position, () =>
    collection.replaceOne({ _id: id, _pos: { $lt: first.position } }, folded!, { upsert: true }),
  );
}

/** `$inc`s summed and `$set`s merged (the later wins), or undefined when they cannot be one update. */
function mergeUpdates(updates: readonly Update[]): Update | undefined {
  const $inc: Record<string, number> = {};
  const $set: Record<string, unknown> = {};
  for (const update of updates) {
    for (const [operator, fields] of Object.entries(update)) {
      if ((operator !== '$inc' && operator !== '$set') || !isRecord(fields)) return undefined;
      for (const [field, value] of Object.entries(fields)) {
        if (field.includes('.') || field === '_pos') return undefined;
        if (operator === '$inc') {
          if (typeof value !== 'number' || field in $set) return undefined;
          $inc[field] = ($inc[field] ?? 0) + value;
        } else {
          if (field in $inc) return undefined;
          $set[field] = value;
        }
      }
    }
  }
  return { ...(Object.keys($inc).length > 0 ? { $inc } : {}), ...(Object.keys($set).length > 0 ? { $set } : {}) };
}

/**
 * Runs a conditional upsert. When the document is already at or past `position` the filter misses
 * it and the upsert collides with its _id: that duplicate key means "applied before", not a failure.
 */
async function guarded<D extends Doc>(
  collection: Collection<D>,
  id: string,
  position: number,
  write: () => Promise<boolean>,
): Promise<boolean> {
  try {
    return await write();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const existing = await collection.findOne({ _id: id });
    const appliedBefore = typeof existing?._pos === 'number' && existing._pos >= position;
    if (appliedBefore) return false;
    throw error;
  }
}

function withoutPosition<D extends Doc>(doc: Positioned<D>): D {
  const { _pos, ...rest } = doc;
  return rest as unknown as D;
}

function isDuplicateKey(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
