/**
 * appendOnce's round trips (docs/architecture.md#money): given a store that records what it is
 * asked, when money is appended once, then how the store was asked. What ends up stored is pinned
 * by the stored-once contract (./stored-once.contract.ts).
 */
import type { EventStore, EventToAppend } from '../platform/eventstore/port';
import { createInMemoryEventStore } from '../test/doubles/in-memory-event-store';
import { appendOnce } from './append-once';

type Call =
  | { read: { streamId: string; fromRevision?: number } }
  | { append: { streamId: string; ids: string[]; expectedRevision: unknown } };

/** An in-memory store that records every read and append (and may say its ids are unique in the whole log). */
function recordingStore(uniqueEventIds = false) {
  const inner = createInMemoryEventStore();
  const calls: Call[] = [];
  const store: EventStore = Object.create(inner, {
    uniqueEventIds: { value: uniqueEventIds },
    readStream: {
      value: (streamId: string, options?: { fromRevision?: number }) => {
        calls.push({
          read: { streamId, ...(options?.fromRevision === undefined ? {} : { fromRevision: options.fromRevision }) },
        });
        return inner.readStream(streamId, options);
      },
    },
    appendToStream: {
      value: (streamId: string, events: EventToAppend[], options: { expectedRevision: unknown }) => {
        calls.push({
          append: { streamId, ids: events.map((event) => event.id), expectedRevision: options.expectedRevision },
        });
        return inner.appendToStream(streamId, events, options as never);
      },
    },
  });
  return { store, calls, inner };
}

const stream = 'earnings-2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const credit = (id: string): EventToAppend => ({ id, type: 'PerformerEarningsCredited', data: { id }, metadata: {} });
const ID = (n: number) => `0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e${String(n).padStart(2, '0')}`;

describe('appendOnce on the store', () => {
  it('a store whose ids are unique in the whole log takes the events blind, with revision any, without reading', async () => {
    const { store, calls } = recordingStore(true);
    await appendOnce(store, stream, [credit(ID(1))]);
    expect(calls).toEqual([{ append: { streamId: stream, ids: [ID(1)], expectedRevision: 'any' } }]);
  });

  it('the first money on a new stream is read once, then appended expecting no stream', async () => {
    const { store, calls } = recordingStore();
    await appendOnce(store, stream, [credit(ID(1))]);
    expect(calls).toEqual([
      { read: { streamId: stream, fromRevision: 0 } },
      { append: { streamId: stream, ids: [ID(1)], expectedRevision: 'no_stream' } },
    ]);
  });

  it('the next money on a stream this process wrote appends at the revision it knows, without reading', async () => {
    const { store, calls } = recordingStore();
    await appendOnce(store, stream, [credit(ID(1)), credit(ID(2))]);
    calls.length = 0;
    const result = await appendOnce(store, stream, [credit(ID(3))]);
    expect(calls).toEqual([{ append: { streamId: stream, ids: [ID(3)], expectedRevision: 1 } }]);
    expect(result).toMatchObject({ nextExpectedRevision: 2 });
  });

  it('a stream someone else wrote to since is read from where it was known only, then appended at its revision', async () => {
    const { store, calls, inner } = recordingStore();
    await appendOnce(store, stream, [credit(ID(1))]);
    await inner.appendToStream(stream, [credit(ID(2)), credit(ID(3))], { expectedRevision: 0 });
    calls.length = 0;
    await appendOnce(store, stream, [credit(ID(4))]);
    expect(calls).toEqual([
      { append: { streamId: stream, ids: [ID(4)], expectedRevision: 0 } },
      { read: { streamId: stream, fromRevision: 1 } },
      { append: { streamId: stream, ids: [ID(4)], expectedRevision: 2 } },
    ]);
    // and what it learnt is kept: the next one appends at once
    calls.length = 0;
    await appendOnce(store, stream, [credit(ID(5))]);
    expect(calls).toEqual([{ append: { streamId: stream, ids: [ID(5)], expectedRevision: 3 } }]);
  });

  it('money asked for again is not appended: answered as stored, at the revision of the last of its events', async () => {
    const { store, calls } = recordingStore();
    const first = await appendOnce(store, stream, [credit(ID(1)), credit(ID(2))]);
    await appendOnce(store, stream, [credit(ID(3))]);
    calls.length = 0;
    const again = await appendOnce(store, stream, [credit(ID(2)), credit(ID(1))]);
    expect(calls.some((call) => 'append' in call)).toBe(false);
    expect(again).toEqual({ nextExpectedRevision: 1, position: first.position, alreadyStored: true });
  });

  it('of money asked for again with new events, only the new ones are appended', async () => {
    const { store, calls } = recordingStore();
    await appendOnce(store, stream, [credit(ID(1))]);
    calls.length = 0;
    await appendOnce(store, stream, [credit(ID(1).toUpperCase()), credit(ID(2))]);
    expect(calls).toEqual([{ append: { streamId: stream, ids: [ID(2)], expectedRevision: 0 } }]);
  });

  it('each store keeps its own streams: the same stream on another store is read', async () => {
    const one = recordingStore();
    const other = recordingStore();
    await appendOnce(one.store, stream, [credit(ID(1))]);
    await appendOnce(other.store, stream, [credit(ID(1))]);
    expect(other.calls[0]).toEqual({ read: { streamId: stream, fromRevision: 0 } });
  });
});
