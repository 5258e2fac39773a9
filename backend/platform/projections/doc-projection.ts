/**
 * Projections of one document per entity, written so that no event is ever applied twice: each
 * document carries `_pos`, the position of the last event applied to it, and every write is
 * conditional on `_pos` being older than the event. A crash between writing documents and saving
 * the checkpoint then only replays events the documents already skip.
 */
import type { StoredEvent } from '../eventstore/port';
import type { RecordedEvent } from '../recorded-event';
import type { Collection, Doc, ReadModelStore, Update } from '../readmodels/port';
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

export function docProjection<D extends Doc, E extends StoredEvent = RecordedEvent>(spec: DocProjectionSpec<D, E>): ProjectionDefinition<E> {
  /** Folds a document's events (in log order) over it: one read, one write, skipping what it has seen. */
  async function applyToDocument(store: ReadModelStore, id: string, events: E[]): Promise<void> {
    const documents = store.collection<Positioned<D>>(spec.collection);
    const current = spec.pureEvolve && documents.findOneShared ? await documents.findOneShared({ _id: id }) : await documents.findOne({ _id: id });
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
    await guarded(documents, id, first.position, () => documents.replaceOne(asRead, written, { upsert: true, adopt: spec.pureEvolve }));
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
    /** One read and one write per document of the batch. */
    async applyBatch(events: E[], store: ReadModelStore): Promise<void> {
      const byDocument = new Map<string, E[]>();
      for (const event of events) {
        const id = spec.documentId(event);
        if (id === undefined) continue;
        const own = byDocument.get(id);
        if (own) own.push(event);
        else byDocument.set(id, [event]);
      }
      for (const [id, own] of byDocument) await applyToDocument(store, id, own);
    },
  };
}

/**
 * An update (`$inc`, `$push`…) applied to document `id` only if the event at `position` has not
 * been applied to it yet; upserts. For counters and other models not built by `evolve`. One call
 * per document per event: a second call with the same position is skipped. Returns whether it wrote.
 */
export async function guardedUpdate(collection: Collection, id: string, position: number, update: Update): Promise<boolean> {
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
  for (const group of groups.values()) {
    const first = group[0]!;
    const last = group.at(-1)!;
    const collection = store.collection(first.collection);
    const merged = group.length > 1 ? mergeUpdates(group.map((write) => write.update)) : undefined;
    if (merged) {
      const $set = { ...(isRecord(merged.$set) ? merged.$set : {}), _pos: last.position };
      const wrote = await guarded(collection, first.id, first.position, () =>
        collection.updateOne({ _id: first.id, _pos: { $lt: first.position } }, { ...merged, $set }, { upsert: true }),
      );
      if (wrote) continue;
    }
    for (const write of group) await guardedUpdate(collection, write.id, write.position, write.update);
  }
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
async function guarded<D extends Doc>(collection: Collection<D>, id: string, position: number, write: () => Promise<boolean>): Promise<boolean> {
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
