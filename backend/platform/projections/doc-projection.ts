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
}

export function docProjection<D extends Doc, E extends StoredEvent = RecordedEvent>(spec: DocProjectionSpec<D, E>): ProjectionDefinition<E> {
  return {
    name: spec.name,
    collections: [spec.collection],
    eventTypes: spec.eventTypes,
    indexes: spec.indexes?.map((index) => ({ collection: spec.collection, ...index })),
    async apply(event: E, store: ReadModelStore): Promise<void> {
      const id = spec.documentId(event);
      if (id === undefined) return;
      const documents = store.collection<Positioned<D>>(spec.collection);
      const current = await documents.findOne({ _id: id });
      if (current && current._pos >= event.position) return;
      const next = spec.evolve(current ? withoutPosition(current) : null, event);
      const olderThanEvent = { _id: id, _pos: { $lt: event.position } };
      if (next === null) {
        await documents.deleteOne(olderThanEvent);
        return;
      }
      const written: Positioned<D> = { ...next, _id: id, _pos: event.position };
      await guarded(documents, id, event.position, () => documents.replaceOne(olderThanEvent, written, { upsert: true }));
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
