import type { DomainEvent } from '@aura/contracts';
import type { StoredEvent } from '../../platform/eventstore/port';
import { auditTicketShows } from './tickets';

const at = '2026-11-20T21:00:00.000Z';
const showId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const walletId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const ticketA = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const ticketB = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const PRICE = 2_000;

/** Events as the store holds them: [stream, event] in global order. */
function log(entries: DomainEvent[]): StoredEvent[] {
  const revisions = new Map<string, number>();
  return entries.map((event, index) => {
    const streamId = event.type.startsWith('TicketShow') ? `ticket-show-${showId}` : `wallet-${walletId}`;
    const revision = (revisions.get(streamId) ?? -1) + 1;
    revisions.set(streamId, revision);
    return {
      id: `e${index}`,
      streamId,
      revision,
      position: index + 1,
      type: event.type,
      data: event.data,
      metadata: {},
      createdAt: new Date(at),
    };
  });
}

const announced: DomainEvent = {
  type: 'TicketShowAnnounced',
  data: { showId, performerId, priceUnits: PRICE, description: 'Balli', startsAt: at, announcedAt: at },
};
const closed = (outcome: 'completed' | 'refunded' | 'cancelled'): DomainEvent => ({
  type: 'TicketShowClosed',
  data: { showId, performerId, outcome, closedAt: at },
});
const bought = (ticketId: string, priceUnits = PRICE): DomainEvent => ({
  type: 'ShowTicketBought',
  data: { ticketId, walletId, showId, performerId, priceUnits, boughtAt: at },
});
const charged = (ticketId: string, amountUnits = PRICE): DomainEvent => ({
  type: 'ShowTicketCharged',
  data: {
    ticketId,
    walletId,
    showId,
    performerId,
    amountUnits,
    purchasedUnits: amountUnits,
    promotionalUnits: 0,
    chargedAt: at,
  },
});
const refunded = (ticketId: string, amountUnits = PRICE): DomainEvent => ({
  type: 'ShowTicketRefunded',
  data: { ticketId, walletId, showId, performerId, amountUnits, refundedAt: at },
});

const problemsOf = (events: DomainEvent[]) => auditTicketShows(log(events)).problems.map((p) => p.problem);

describe('ticket shows audit', () => {
  it('finds nothing wrong in a show that ran (every ticket charged its price) or was cancelled (every ticket refunded)', () => {
    const ran = auditTicketShows(
      log([announced, bought(ticketA), bought(ticketB), closed('completed'), charged(ticketA), charged(ticketB)]),
    );
    expect(ran.problems).toEqual([]);
    expect(ran.lines).toEqual(['  ticket shows: 1, 2 tickets charged (40.00 auracoin), 0 refunded (0.00 auracoin)']);
    expect(problemsOf([announced, bought(ticketA), closed('cancelled'), refunded(ticketA)])).toEqual([]);
    // a purchase cut short by the close: refunded of nothing
    expect(problemsOf([announced, closed('refunded'), refunded(ticketB, 0)])).toEqual([]);
  });

  it('finds a ticket charged off its price, or bought off the announced price', () => {
    expect(problemsOf([announced, bought(ticketA), closed('completed'), charged(ticketA, PRICE + 1)])).toEqual([
      `ticket ${ticketA} charged 20.01, bought at 20.00`,
    ]);
    expect(problemsOf([announced, bought(ticketA, 500), closed('cancelled'), refunded(ticketA, 500)])).toEqual([
      `ticket ${ticketA} bought at 5.00, the show's price is 20.00`,
    ]);
  });

  it('finds a ticket settled twice, or settled but never bought', () => {
    expect(problemsOf([announced, bought(ticketA), closed('completed'), charged(ticketA), charged(ticketA)])).toEqual([
      `ticket ${ticketA} settled twice (charged again)`,
    ]);
    expect(problemsOf([announced, closed('completed'), charged(ticketB)])).toEqual([
      `ticket ${ticketB} charged but never bought`,
    ]);
  });

  it('finds a charge before the show completed, and a refund of money from a show that completed', () => {
    expect(problemsOf([announced, bought(ticketA), charged(ticketA)])).toEqual([
      `ticket ${ticketA} charged while its ticket show is not closed`,
    ]);
    expect(problemsOf([announced, bought(ticketA), closed('cancelled'), charged(ticketA)])).toEqual([
      `ticket ${ticketA} charged while its ticket show is cancelled`,
    ]);
    expect(problemsOf([announced, bought(ticketA), closed('completed'), refunded(ticketA)])).toEqual([
      `ticket ${ticketA} refunded while its ticket show is completed`,
    ]);
    expect(problemsOf([announced, bought(ticketA), refunded(ticketA)])).toEqual([
      `ticket ${ticketA} refunded while its ticket show is not closed`,
    ]);
  });
});
