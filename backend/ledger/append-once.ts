import { retryOnConflict } from '../platform/eventstore/retry-on-conflict';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
} from '../platform/eventstore/port';

/**
 * Appends events whose ids the money they carry fixes (a sale's credit, a welcome bonus, a card
 * purchase's credit), so that asking twice, late or at the same time, stores them once. They depend
 * on nothing else in the stream (a credit can never overdraw).
 *
 * A store whose ids are unique in the whole log (`uniqueEventIds`: the SQL stores) takes them
 * blind, with revision `any`: a repeat is answered as the first append (or refused with
 * DuplicateEventIdError when it mixes stored ids with new ones), one round trip. On a store that
 * checks ids per stream and recently only (EventStoreDB), the ids the stream holds are left out and
 * the rest appended at its exact revision, so a repeat however late stores nothing and one at the
 * same time is a conflict that looks again. What a stream holds is kept per store, so the next
 * credit to it appends without reading while no one else wrote there, and reads only what is new
 * when someone did.
 */
export async function appendOnce(
  eventStore: EventStore,
  streamId: string,
  events: EventToAppend[],
): Promise<AppendResult> {
  if (eventStore.uniqueEventIds) return eventStore.appendToStream(streamId, events, { expectedRevision: 'any' });
  const kept = keptStreams(eventStore);
  return retryOnConflict(async (attempt) => {
    // a kept copy is trusted for one try: if the stream moved on since, the exact revision fails
    const taken = kept.take(streamId);
    const known = attempt === 1 && taken ? taken : await caughtUp(eventStore, streamId, taken);
    const missing = events.filter((event) => !known.ids.has(event.id.toLowerCase()));
    if (missing.length === 0) {
      kept.keep(streamId, known);
      return alreadyStored(eventStore, streamId, events, known);
    }
    let result: AppendResult;
    try {
      result = await eventStore.appendToStream(streamId, missing, {
        expectedRevision: known.revision < 0 ? 'no_stream' : known.revision,
      });
    } catch (error) {
      // someone else wrote to the stream: what is kept is good up to its revision, the rest is read next time
      if (error instanceof WrongExpectedRevisionError) kept.keep(streamId, known);
      throw error;
    }
    const first = result.nextExpectedRevision - missing.length + 1;
    missing.forEach((event, index) => known.ids.set(event.id.toLowerCase(), first + index));
    kept.keep(streamId, { revision: result.nextExpectedRevision, ids: known.ids });
    return result;
  });
}

/** A stream's event ids (lower-cased) with their revisions, as far as `revision`. */
interface KnownStream {
  revision: number;
  ids: Map<string, number>;
}

/** The stream as kept, brought up to date with what was appended to it since (the whole stream when none is kept). */
async function caughtUp(
  eventStore: EventStore,
  streamId: string,
  known: KnownStream | undefined,
): Promise<KnownStream> {
  const { revision, ids } = known ?? { revision: -1, ids: new Map<string, number>() };
  const since = await eventStore.readStream(streamId, { fromRevision: revision + 1 });
  for (const event of since) ids.set(event.id.toLowerCase(), event.revision);
  return { revision: since[since.length - 1]?.revision ?? revision, ids };
}

/** Everything was stored by an earlier call: answered as its append was, by the last of them. */
async function alreadyStored(
  eventStore: EventStore,
  streamId: string,
  events: EventToAppend[],
  known: KnownStream,
): Promise<AppendResult> {
  const revision = Math.max(...events.map((event) => known.ids.get(event.id.toLowerCase())!));
  const [last] = await eventStore.readStream(streamId, { fromRevision: revision });
  return { nextExpectedRevision: revision, position: last!.position, alreadyStored: true };
}

/**
 * The streams this process credited lately, per store, up to IDS_KEPT ids in all: the least
 * recently credited goes first, and a stream holding more is read whole each time.
 */
const IDS_KEPT = 200_000;
const keptByStore = new WeakMap<EventStore, ReturnType<typeof streamCache>>();

function streamCache() {
  const streams = new Map<string, KnownStream>();
  let size = 0;
  return {
    /** the stream as kept, no longer kept until given back (two callers never share one copy) */
    take(streamId: string) {
      const known = streams.get(streamId);
      if (known) {
        streams.delete(streamId);
        // Stryker disable next-line AssignmentOperator: the count only bounds the cache; a stream forgotten sooner or later is read again, the same
        size -= known.ids.size;
      }
      return known;
    },
    keep(streamId: string, known: KnownStream) {
      this.take(streamId);
      // Stryker disable next-line all: the cache's bound (200,000 ids); a stream not kept is read again, the same
      if (known.ids.size > IDS_KEPT) return;
      streams.set(streamId, known);
      // Stryker disable next-line AssignmentOperator: as above, the count only bounds the cache
      size += known.ids.size;
      // Stryker disable next-line BlockStatement: as above, evicting only bounds the cache
      for (const [oldest, { ids }] of streams) {
        // Stryker disable next-line all: as above
        if (size <= IDS_KEPT) break;
        streams.delete(oldest);
        // Stryker disable next-line AssignmentOperator: as above
        size -= ids.size;
      }
    },
  };
}

function keptStreams(eventStore: EventStore) {
  let cache = keptByStore.get(eventStore);
  if (!cache) keptByStore.set(eventStore, (cache = streamCache()));
  return cache;
}
