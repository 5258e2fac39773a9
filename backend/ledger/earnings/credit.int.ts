import { performerStreams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { newId } from '../../platform/ids';
import { creditEarnings, creditEarningsTogether, earningsEventId, type Sale } from './credit';
import { openMemoryPglite } from '../../test/event-stores';

let store: EventStore;
beforeAll(async () => {
  store = await openMemoryPglite();
});
afterAll(async () => {
  await store.close();
});

const at = new Date('2026-11-20T10:00:00.000Z');
const sale = (performerId: string, n: number): Sale => ({
  performerId,
  source: 'message',
  sourceId: `${performerId}:${n}`,
  grossUnits: 100,
});
const credits = (performerId: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({ sale: sale(performerId, n), at, causationId: `cause-${n}` }));
const ids = async (performerId: string) =>
  (await store.readStream(performerStreams.earnings(performerId))).map((event) => event.id);

describe('crediting a batch of sales together', () => {
  it('stores each sale once, in one append per performer, and a batch seen again stores nothing', async () => {
    const [giulia, sofia] = [newId(), newId()];
    const batch = [...credits(giulia, 3), ...credits(sofia, 2)];
    await creditEarningsTogether(store, batch);
    await creditEarningsTogether(store, batch);
    expect(await ids(giulia)).toEqual([0, 1, 2].map((n) => earningsEventId('message', `${giulia}:${n}`)));
    expect(await ids(sofia)).toEqual([0, 1].map((n) => earningsEventId('message', `${sofia}:${n}`)));
    const [first] = await store.readStream(performerStreams.earnings(giulia));
    expect(first).toMatchObject({
      type: 'PerformerEarningsCredited',
      data: { shareCents: 55, source: 'message' },
      metadata: { causationId: 'cause-0' },
    });
  });

  it('credits the rest one by one when some were stored before (a replay after a crash)', async () => {
    const giulia = newId();
    const batch = credits(giulia, 4);
    await creditEarnings(store, batch[1]!.sale, at, 'cause-1');
    await creditEarnings(store, batch[3]!.sale, at, 'cause-3');
    await creditEarningsTogether(store, batch);
    expect((await ids(giulia)).sort()).toEqual(
      [0, 1, 2, 3].map((n) => earningsEventId('message', `${giulia}:${n}`)).sort(),
    );
  });
});
