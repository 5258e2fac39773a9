import { performerStreams } from '@aura/contracts';
import { DuplicateEventIdError, type EventStore, type EventToAppend } from '../../platform/eventstore/port';
import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { creditEarningsTogether, earningsCredited, earningsEventId, saleShareCents, type Sale } from './credit';

const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const at = new Date('2026-11-20T10:00:00.000Z');

describe('earnings of a sale', () => {
  it('credits 55% of the gross in euro cents, rounded down, for any source', () => {
    expect(earningsCredited({ performerId, source: 'message', sourceId: 'm1', grossUnits: 150 }, at)).toEqual({
      type: 'PerformerEarningsCredited',
      data: {
        performerId,
        source: 'message',
        sourceId: 'm1',
        grossUnits: 150,
        shareCents: 82,
        creditedAt: at.toISOString(),
      },
    });
  });

  it('has one fixed event id per sale, distinct across sources', () => {
    expect(earningsEventId('message', 'm1')).toBe(earningsEventId('message', 'm1'));
    expect(earningsEventId('message', 'm1')).not.toBe(earningsEventId('photo', 'm1'));
  });
});

describe('promotional units earn no share (docs/architecture.md#promotional-units)', () => {
  it('the share is earned only on the purchased part', () => {
    // a 5-auracoin photo paid with 3 purchased and 2 welcome auracoin: 55% of 300 units
    expect(
      earningsCredited({ performerId, source: 'photo', sourceId: 'p1', grossUnits: 500, purchasedUnits: 300 }, at).data,
    ).toMatchObject({ grossUnits: 500, purchasedUnits: 300, shareCents: 165 });
    expect(
      earningsCredited({ performerId, source: 'message', sourceId: 'm1', grossUnits: 100, purchasedUnits: 0 }, at).data,
    ).toMatchObject({ purchasedUnits: 0, shareCents: 0 });
  });

  it('a session rounds its share once over its running purchased total', () => {
    // minutes of 150 units, all purchased: 82 + 83 cents, as the whole 300 units give 165
    const first = saleShareCents({
      performerId,
      source: 'session',
      sourceId: 's:minute-1',
      grossUnits: 150,
      grossBeforeUnits: 0,
      purchasedUnits: 150,
      purchasedBeforeUnits: 0,
    });
    const second = saleShareCents({
      performerId,
      source: 'session',
      sourceId: 's:minute-2',
      grossUnits: 150,
      grossBeforeUnits: 150,
      purchasedUnits: 150,
      purchasedBeforeUnits: 150,
    });
    expect([first, second]).toEqual([82, 83]);
    // a minute paid with welcome coins after them adds nothing
    expect(
      saleShareCents({
        performerId,
        source: 'session',
        sourceId: 's:minute-3',
        grossUnits: 150,
        grossBeforeUnits: 300,
        purchasedUnits: 0,
        purchasedBeforeUnits: 300,
      }),
    ).toBe(0);
  });

  it('a sale recorded before the split earns on its whole gross, as it was credited then', () => {
    expect(saleShareCents({ performerId, source: 'message', sourceId: 'm0', grossUnits: 150 })).toBe(82);
    expect(
      earningsCredited({ performerId, source: 'message', sourceId: 'm0', grossUnits: 150 }, at).data,
    ).not.toHaveProperty('purchasedUnits');
  });
});

describe('crediting a batch of sales on a store', () => {
  /** A store whose ids are unique in the whole log, as the SQL stores: an append mixing stored ids with new ones is refused. */
  function uniqueIdStore() {
    const inner = createInMemoryEventStore();
    const stored = new Set<string>();
    const appends: number[] = [];
    const store: EventStore = Object.create(inner, {
      uniqueEventIds: { value: true },
      appendToStream: {
        value: async (streamId: string, events: EventToAppend[], options: never) => {
          appends.push(events.length);
          const known = events.filter((event) => stored.has(event.id));
          if (known.length === events.length && events.length > 0)
            return { nextExpectedRevision: 0, position: 0, alreadyStored: true };
          if (known.length > 0)
            throw new DuplicateEventIdError(
              streamId,
              known.map((event) => event.id),
            );
          events.forEach((event) => stored.add(event.id));
          return inner.appendToStream(streamId, events, options);
        },
      },
    });
    return { store, appends };
  }
  const sale = (n: number): { sale: Sale; at: Date; causationId: string } => ({
    sale: { performerId, source: 'message', sourceId: `m${n}`, grossUnits: 100 },
    at,
    causationId: `e${n}`,
  });
  const hers = async (store: EventStore) =>
    (await store.readStream(performerStreams.earnings(performerId))).map(
      (event) => (event.data as { sourceId: string }).sourceId,
    );

  it('her sales are appended together, at most 500 in one append', async () => {
    const { store, appends } = uniqueIdStore();
    await creditEarningsTogether(
      store,
      Array.from({ length: 501 }, (_, n) => sale(n)),
    );
    expect(appends).toEqual([500, 1]);
    expect(await hers(store)).toHaveLength(501);
  });

  it('exactly 500 sales are one append', async () => {
    const { store, appends } = uniqueIdStore();
    await creditEarningsTogether(
      store,
      Array.from({ length: 500 }, (_, n) => sale(n)),
    );
    expect(appends).toEqual([500]);
  });

  it('on a store with unique ids, a batch some of whose sales were credited before credits the rest in one more append, each once', async () => {
    const { store, appends } = uniqueIdStore();
    await creditEarningsTogether(store, [sale(1), sale(3)]);
    appends.length = 0;
    await creditEarningsTogether(store, [sale(1), sale(2), sale(3), sale(4)]);
    expect(appends).toEqual([4, 2]);
    expect(await hers(store)).toEqual(['m1', 'm3', 'm2', 'm4']);
  });

  it('when the refusal names all of them (stored, though not as one append), each is asked alone and answered as stored', async () => {
    const { store, appends } = uniqueIdStore();
    await creditEarningsTogether(store, [sale(1)]);
    await creditEarningsTogether(store, [sale(2)]);
    const refusing: EventStore = Object.create(store, {
      appendToStream: {
        value: async (streamId: string, events: EventToAppend[], options: never) =>
          events.length > 1
            ? Promise.reject(
                new DuplicateEventIdError(
                  streamId,
                  events.map((event) => event.id),
                ),
              )
            : store.appendToStream(streamId, events, options),
      },
    });
    appends.length = 0;
    await creditEarningsTogether(refusing, [sale(1), sale(2)]);
    expect(appends).toEqual([1, 1]);
    expect(await hers(store)).toEqual(['m1', 'm2']);
  });

  it('when the refusal names none of them as stored, they go one by one, each once', async () => {
    const { store, appends } = uniqueIdStore();
    await creditEarningsTogether(store, [sale(1)]);
    const refusing: EventStore = Object.create(store, {
      appendToStream: {
        value: async (streamId: string, events: EventToAppend[], options: never) =>
          events.length > 1
            ? Promise.reject(new DuplicateEventIdError(streamId, ['not-one-of-these']))
            : store.appendToStream(streamId, events, options),
      },
    });
    appends.length = 0;
    await creditEarningsTogether(refusing, [sale(1), sale(2), sale(3)]);
    expect(appends).toEqual([1, 1, 1]);
    expect(await hers(store)).toEqual(['m1', 'm2', 'm3']);
  });

  it('any other refusal of the store is the caller’s', async () => {
    const failing: EventStore = Object.create(createInMemoryEventStore(), {
      uniqueEventIds: { value: true },
      appendToStream: { value: async () => Promise.reject(new Error('store down')) },
    });
    await expect(creditEarningsTogether(failing, [sale(1), sale(2)])).rejects.toThrow('store down');
  });
});
