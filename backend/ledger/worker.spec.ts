import { createInMemoryEventStore } from '../test/doubles/in-memory-event-store';
import { SALE_EVENT_TYPES } from './earnings/sales';
import { ledgerWorkers } from './worker';

describe("the ledger's worker side", () => {
  it('credits every kind of sale, takes back refunds and holds disputes, each reaction under the name it always had', () => {
    const side = ledgerWorkers({ eventStore: createInMemoryEventStore() });
    expect(side.name).toBe('ledger');
    expect(side.reactions.map(({ name, eventTypes }) => [name, eventTypes])).toEqual([
      ['reaction:photo-earnings', ['PhotoPurchased']],
      ['reaction:message-earnings', ['MessageSent']],
      ['reaction:session-earnings', ['SessionMinuteBilled', 'SessionMinimumCharged']],
      ['reaction:tip-earnings', ['ShowTipped']],
      ['reaction:session-tip-earnings', ['SessionTipped']],
      ['reaction:ticket-earnings', ['ShowTicketCharged']],
      ['reaction:spy-earnings', ['SpyMinuteBilled']],
      ['reaction:refund-clawbacks', ['SaleRefunded']],
      ['reaction:dispute-earnings', ['WalletFrozen', 'WalletUnfrozen']],
    ]);
    // every kind of sale has its credit (a new one joins SALE_EVENT_TYPES and a reaction here)
    const credited = side.reactions.slice(0, 7).flatMap((reaction) => reaction.eventTypes);
    expect([...credited].sort()).toEqual([...SALE_EVENT_TYPES].sort());
  });
});
