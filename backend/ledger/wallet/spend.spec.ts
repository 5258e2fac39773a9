/**
 * The one way to spend (docs/architecture.md#money), on a store in memory: given a wallet's
 * stream, when a spend is made, then what it appends and answers.
 */
import { streams, type DomainEvent } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { createInMemoryEventStore } from '../../test/doubles/in-memory-event-store';
import { spendEventIds, spendFromWallet } from './spend';

const walletId = '0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e60';
const at = '2026-11-20T10:00:00.000Z';
const now = () => new Date(at);
const alias = (aliasName: string): DomainEvent => ({
  type: 'AliasPurchased',
  data: { aliasId: 'a1', userId: walletId, aliasName, price: 500, purchasedAt: at },
});

async function walletWith(units: number, ...more: DomainEvent[]): Promise<EventStore> {
  const store = createInMemoryEventStore();
  const events = [
    { type: 'AuracoinCredited', data: { walletId, amount: units, reason: 'purchase', creditedAt: at } } as DomainEvent,
    ...more,
  ];
  await store.appendToStream(
    streams.wallet(walletId),
    events.map((event, index) => ({ id: `seed-${index}`, ...event })),
    { expectedRevision: 'no_stream' },
  );
  return store;
}
const stream = (store: EventStore) => store.readStream(streams.wallet(walletId));

describe('spending from a wallet', () => {
  it('a store that refuses the append refuses the spend with its own error', async () => {
    const store = await walletWith(1000);
    const refusing: EventStore = Object.create(store, {
      appendToStream: { value: async () => Promise.reject(new Error('store down')) },
    });
    await expect(
      spendFromWallet(refusing, { walletId, amountUnits: 500, purchase: alias('Zorro'), now }),
    ).rejects.toThrow('store down');
  });

  it('a spend appends what is bought, then the debit for it, with the metadata it was given', async () => {
    const store = await walletWith(1000);
    // when an alias is bought for 500 units
    const result = await spendFromWallet(store, {
      walletId,
      amountUnits: 500,
      purchase: alias('Zorro'),
      metadata: { causationId: 'c1' },
      now,
    });
    // then the purchase (with how it was paid) and the debit follow the credit; the debit is for the purchase, by its type
    const events = await stream(store);
    expect(events.map((event) => event.type)).toEqual(['AuracoinCredited', 'AliasPurchased', 'AuracoinDebited']);
    expect(events[1]).toMatchObject({
      id: result.purchase.id,
      data: { aliasName: 'Zorro', purchasedUnits: 500, promotionalUnits: 0 },
      metadata: { causationId: 'c1' },
    });
    expect(events[2]).toMatchObject({
      data: { walletId, amount: 500, reason: 'AliasPurchased', reference: result.purchase.id, debitedAt: at },
      metadata: { causationId: 'c1' },
    });
    expect(result).toEqual({
      replayed: false,
      purchase: { id: events[1]!.id, type: 'AliasPurchased', data: events[1]!.data, metadata: { causationId: 'c1' } },
      position: events[2]!.position,
    });
  });

  it('a spend says what it is for and what it bought when it is told', async () => {
    const store = await walletWith(1000);
    await spendFromWallet(store, {
      walletId,
      amountUnits: 500,
      purchase: alias('Zorro'),
      reason: 'alias',
      reference: 'a1',
      now,
    });
    expect((await stream(store))[2]!.data).toMatchObject({ reason: 'alias', reference: 'a1' });
  });

  it('a spend above the balance is refused and appends nothing', async () => {
    const store = await walletWith(499);
    await expect(
      spendFromWallet(store, { walletId, amountUnits: 500, purchase: alias('Zorro'), now }),
    ).rejects.toMatchObject({ code: 'insufficient_balance' });
    expect(await stream(store)).toHaveLength(1);
  });

  it('what is bought can be made from the wallet as it is when the spend is decided', async () => {
    const store = await walletWith(1000);
    await spendFromWallet(store, {
      walletId,
      amountUnits: 500,
      purchase: (wallet) => alias(`balance ${wallet.balance}`),
      now,
    });
    expect((await stream(store))[1]!.data).toMatchObject({ aliasName: 'balance 1000' });
  });

  it('a spend with a key is stored under the ids of the key, or under the id the thing bought fixes', async () => {
    const store = await walletWith(2000);
    await spendFromWallet(store, { walletId, amountUnits: 500, purchase: alias('A'), idempotencyKey: 'k1', now });
    await spendFromWallet(store, {
      walletId,
      amountUnits: 500,
      purchase: alias('B'),
      idempotencyKey: 'k2',
      purchaseId: 'message-7',
      now,
    });
    const [purchase, debit] = spendEventIds(walletId, 'k1');
    expect((await stream(store)).map((event) => event.id)).toEqual([
      'seed-0',
      purchase,
      debit,
      'message-7',
      spendEventIds(walletId, 'k2')[1],
    ]);
  });

  it("a key's spend has fixed ids of its own: one for the purchase, one for the debit, per wallet and key", () => {
    const [purchase, debit] = spendEventIds(walletId, 'k1');
    expect(spendEventIds(walletId, 'k1')).toEqual([purchase, debit]);
    const all = [
      purchase,
      debit,
      ...spendEventIds(walletId, 'k2'),
      ...spendEventIds('0b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e61', 'k1'),
    ];
    expect(new Set(all).size).toBe(6);
  });

  it('a repeated key gives back the first spend and spends nothing more', async () => {
    const store = await walletWith(2000);
    const first = await spendFromWallet(store, {
      walletId,
      amountUnits: 500,
      purchase: alias('A'),
      idempotencyKey: 'k1',
      now,
    });
    const again = await spendFromWallet(store, {
      walletId,
      amountUnits: 500,
      purchase: alias('B'),
      idempotencyKey: 'k1',
      now,
    });
    expect(again).toEqual({ replayed: true, purchase: first.purchase, position: first.position });
    expect(await stream(store)).toHaveLength(3);
  });

  it('two attempts of one key at once spend once, and both answer with the purchase that was stored', async () => {
    const store = await walletWith(2000);
    const [a, b] = await Promise.all([
      spendFromWallet(store, { walletId, amountUnits: 500, purchase: alias('A'), idempotencyKey: 'k1', now }),
      spendFromWallet(store, { walletId, amountUnits: 500, purchase: alias('B'), idempotencyKey: 'k1', now }),
    ]);
    const events = await stream(store);
    expect(events.filter((event) => event.type === 'AuracoinDebited')).toHaveLength(1);
    expect(a.purchase.data).toEqual(events[1]!.data);
    expect(b.purchase.data).toEqual(events[1]!.data);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
  });

  it('a spend from a hold is paid from the hold; a closed hold refuses it', async () => {
    const hold: DomainEvent = {
      type: 'AuracoinHeld',
      data: {
        walletId,
        holdId: 's1',
        amount: 600,
        reason: 'session',
        purchasedAmount: 600,
        promotionalAmount: 0,
        heldAt: at,
      },
    };
    const store = await walletWith(1000, hold);
    // when 600 are spent from the hold, then the available 400 could not have paid it
    await spendFromWallet(store, { walletId, amountUnits: 600, purchase: alias('A'), holdId: 's1', now });
    expect((await stream(store))[3]!.data).toMatchObject({ amount: 600, holdId: 's1' });
    const closed = await walletWith(1000);
    await expect(
      spendFromWallet(closed, { walletId, amountUnits: 100, purchase: alias('B'), holdId: 's1', now }),
    ).rejects.toMatchObject({ code: 'conflict' });
  });
});

/** the store in memory, telling an append whose first id it holds already as `alreadyStored`, and counting its reads */
function tellingStore(inner: EventStore) {
  const reads = { count: 0 };
  const store: EventStore = Object.assign(Object.create(inner) as EventStore, {
    tellsAlreadyStored: true,
    readStream: (streamId: string, options?: { fromRevision?: number }) => {
      reads.count += 1;
      return inner.readStream(streamId, options);
    },
    appendToStream: async (
      streamId: string,
      events: Parameters<EventStore['appendToStream']>[1],
      options: Parameters<EventStore['appendToStream']>[2],
    ) => {
      const stored = await inner.readStream(streamId);
      const earlier = stored.find((event) => event.id === events[0]?.id);
      if (earlier)
        return {
          alreadyStored: true,
          nextExpectedRevision: stored.length - 1,
          position: earlier.position + events.length - 1,
        };
      return inner.appendToStream(streamId, events, options);
    },
  });
  return { store, reads };
}

describe('spending from a wallet this process spent from lately (a store that tells a repeat)', () => {
  it('the next spend appends on the wallet it knows, without reading it first', async () => {
    const { store, reads } = tellingStore(await walletWith(1000));
    await spendFromWallet(store, { walletId, amountUnits: 100, purchase: alias('A'), now });
    const before = reads.count;
    await spendFromWallet(store, { walletId, amountUnits: 100, purchase: alias('B'), now });
    // then no read, and the wallet is as two spends left it
    expect(reads.count).toBe(before);
    const events = await stream(store);
    expect(events.filter((event) => event.type === 'AuracoinDebited').map((event) => event.revision)).toEqual([2, 4]);
  });

  it('a wallet someone else wrote to since is read again: their credit pays the next spend', async () => {
    const inner = await walletWith(100);
    const { store } = tellingStore(inner);
    await spendFromWallet(store, { walletId, amountUnits: 100, purchase: alias('A'), now });
    // given a credit appended by another process
    await inner.appendToStream(
      streams.wallet(walletId),
      [{ id: 'other', type: 'AuracoinCredited', data: { walletId, amount: 300, reason: 'purchase', creditedAt: at } }],
      { expectedRevision: 2 },
    );
    // when the next spend is more than the kept wallet holds, then it is decided on the stream as it is
    const result = await spendFromWallet(store, { walletId, amountUnits: 300, purchase: alias('B'), now });
    expect(result.replayed).toBe(false);
    expect((await stream(store)).map((event) => event.type)).toEqual([
      'AuracoinCredited',
      'AliasPurchased',
      'AuracoinDebited',
      'AuracoinCredited',
      'AliasPurchased',
      'AuracoinDebited',
    ]);
  });

  it('a key repeated on the kept copy answers with the purchase as stored, which it reads from the stream', async () => {
    const inner = await walletWith(1000);
    const { store, reads } = tellingStore(inner);
    const first = await spendFromWallet(store, {
      walletId,
      amountUnits: 100,
      purchase: alias('A'),
      idempotencyKey: 'k1',
      now,
    });
    const second = await spendFromWallet(store, {
      walletId,
      amountUnits: 100,
      purchase: alias('B'),
      idempotencyKey: 'k2',
      now,
    });
    const before = reads.count;
    // when both keys come again, then each answers its own first spend, and nothing more is spent
    const again = [
      await spendFromWallet(store, { walletId, amountUnits: 100, purchase: alias('C'), idempotencyKey: 'k1', now }),
      await spendFromWallet(store, { walletId, amountUnits: 100, purchase: alias('D'), idempotencyKey: 'k2', now }),
    ];
    expect(again).toEqual([
      { replayed: true, purchase: first.purchase, position: first.position },
      { replayed: true, purchase: second.purchase, position: second.position },
    ]);
    // the copy kept holds the spends' positions only: the purchase comes from the stream
    expect(reads.count).toBe(before + 2);
    expect((await stream(inner)).filter((event) => event.type === 'AuracoinDebited')).toHaveLength(2);
    // and the copy still spends: a new key appends without a read
    await spendFromWallet(store, { walletId, amountUnits: 100, purchase: alias('E'), idempotencyKey: 'k3', now });
    expect(reads.count).toBe(before + 2);
    expect((await stream(inner)).filter((event) => event.type === 'AuracoinDebited')).toHaveLength(3);
  });

  it('a key spent since the kept copy was made answers with the spend that was stored', async () => {
    const inner = await walletWith(1000);
    const { store } = tellingStore(inner);
    // given a spend kept, then the key's spend stored by another process
    await spendFromWallet(store, { walletId, amountUnits: 100, purchase: alias('A'), now });
    const first = await spendFromWallet(inner, {
      walletId,
      amountUnits: 100,
      purchase: alias('K'),
      idempotencyKey: 'k1',
      now,
    });
    // when this process spends the key on its kept copy, then the stored spend is the answer, nothing more is spent
    const again = await spendFromWallet(store, {
      walletId,
      amountUnits: 100,
      purchase: alias('other'),
      idempotencyKey: 'k1',
      now,
    });
    expect(again).toMatchObject({ replayed: true, purchase: first.purchase });
    expect((await stream(store)).filter((event) => event.type === 'AuracoinDebited')).toHaveLength(2);
  });
});
