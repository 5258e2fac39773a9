import type { Aggregate } from './handle-command';
import { createInMemoryEventStore } from '../test/doubles/in-memory-event-store';
import type { EventStore } from '../platform/eventstore/port';
import { streamFoldCache } from './stream-fold-cache';

/** counts ShowTipCounted amounts: enough of an aggregate to see what was folded */
const total: Aggregate<number> = {
  initialState: () => 0,
  evolve: (state, event) => (event.type === 'ShowTipCounted' ? state + event.data.amountUnits : state),
};

const counted = (amountUnits: number, id: string) => ({
  id,
  type: 'ShowTipCounted',
  data: { showId: 'show', tipId: id, amountUnits, countedAt: '2026-11-20T21:00:00.000Z' },
});

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function countingReads(store: EventStore) {
  const reads: (number | undefined)[] = [];
  const spied: EventStore = {
    ...store,
    uniqueEventIds: store.uniqueEventIds,
    adapter: store.adapter,
    appendToStream: (...args) => store.appendToStream(...args),
    readStream: (streamId, options) => {
      reads.push(options?.fromRevision);
      return store.readStream(streamId, options);
    },
  };
  return { spied, reads };
}

describe('streamFoldCache', () => {
  it('folds a stream once, then only the events appended since', async () => {
    const store = createInMemoryEventStore();
    const { spied, reads } = countingReads(store);
    const cache = streamFoldCache(spied, total);
    await store.appendToStream('s', [counted(5, ID(1)), counted(7, ID(2))], { expectedRevision: 'any' });
    expect(await cache.load('s')).toBe(12);
    expect(await cache.load('s')).toBe(12);
    await store.appendToStream('s', [counted(3, ID(3))], { expectedRevision: 'any' });
    expect(await cache.load('s')).toBe(15);
    expect(reads).toEqual([0, 2, 2]);
  });

  it('an empty stream is its initial state, and forgetting one reads it whole again', async () => {
    const store = createInMemoryEventStore();
    const { spied, reads } = countingReads(store);
    const cache = streamFoldCache(spied, total);
    expect(await cache.load('none')).toBe(0);
    await store.appendToStream('none', [counted(4, ID(4))], { expectedRevision: 'any' });
    expect(await cache.load('none')).toBe(4);
    cache.forget('none');
    expect(cache.size).toBe(0);
    expect(await cache.load('none')).toBe(4);
    expect(reads).toEqual([0, 0, 0]);
  });
});
