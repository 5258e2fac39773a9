import { randomUUID } from 'node:crypto';
import { eventStoreContract } from '../../platform/eventstore/eventstore.contract';
import { createInMemoryEventStore } from './in-memory-event-store';

const newEvents = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ id: randomUUID(), type: 'Tested', data: { n } }));

// remembering recent appends, as EventStoreDB does: the whole contract of a store without unique ids
describe('in-memory event store (remembering the latest appends)', () => {
  eventStoreContract(async () => createInMemoryEventStore({ remembersLatest: 10_000 }), undefined, {
    uniqueEventIds: false,
  });
});

describe('in-memory event store (forgetting at once)', () => {
  it('stores an append with any again when it is repeated, but not an exact retry', async () => {
    const store = createInMemoryEventStore();
    const events = newEvents(2);
    await store.appendToStream('tested-1', events, { expectedRevision: 'no_stream' });
    await expect(store.appendToStream('tested-1', events, { expectedRevision: 'no_stream' })).resolves.toMatchObject({
      nextExpectedRevision: 1,
    });
    await store.appendToStream('tested-1', events, { expectedRevision: 'any' });
    expect(await store.readStream('tested-1')).toHaveLength(4);
    await store.close();
  });
});
