import { performerStreams, type EventDataOf } from '@aura/contracts';
import type { EventStore } from '../platform/eventstore/port';
import { recordedAs } from '../test/doubles/recorded';
import { newId } from '../platform/ids';
import { createMingoReadModelStore } from '../platform/readmodels/mingo';
import { ledgerWorkers } from './worker';
import { openMemoryPglite } from '../test/event-stores';

let store: EventStore;
beforeAll(async () => {
  store = await openMemoryPglite();
});
afterAll(async () => {
  await store.close();
});

const performerId = newId();
const purchase = (priceUnits: number): EventDataOf<'PhotoPurchased'> => ({
  purchaseId: newId(),
  walletId: newId(),
  photoId: newId(),
  performerId,
  priceUnits,
  purchasedAt: '2026-11-20T10:00:00.000Z',
});
const asStored = (data: EventDataOf<'PhotoPurchased'>) =>
  recordedAs(
    { type: 'PhotoPurchased', data },
    { id: newId(), streamId: `wallet-${data.walletId}`, createdAt: new Date() },
  );

describe('photo earnings reaction', () => {
  it('credits 55% once per sale, even when replayed after later credits', async () => {
    const reaction = ledgerWorkers({ eventStore: store }).reactions.find(
      ({ name }) => name === 'reaction:photo-earnings',
    )!;
    const readModels = createMingoReadModelStore();
    const first = asStored(purchase(5000));
    const second = asStored(purchase(150));
    await reaction.apply(first, readModels);
    await reaction.apply(second, readModels);
    // a replay (rebuild, retried batch) of both
    await reaction.apply(first, readModels);
    await reaction.apply(second, readModels);
    const credits = await store.readStream(performerStreams.earnings(performerId));
    expect(credits.map((e) => (e.data as { shareCents: number }).shareCents)).toEqual([2750, 82]);
  });
});
