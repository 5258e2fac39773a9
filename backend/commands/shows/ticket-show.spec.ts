import type { DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import {
  decideAdmitTicket,
  decideAnnounceTicketShow,
  decideCloseTicketShow,
  decideReserveTicket,
  decideStartTicketShow,
  mayWatchTicketed,
  ticketShow,
  ticketShowView,
} from './ticket-show';

const t0 = new Date('2026-11-30T20:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(t0.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const showId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const bob = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const anna = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const ticketA = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const ticketB = '6b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';

const spec = deciderSpec(ticketShow);
const announced: DomainEvent = {
  type: 'TicketShowAnnounced',
  data: {
    showId,
    performerId,
    priceUnits: 2000,
    description: 'Balli sul palco',
    startsAt: iso(10 * MINUTE),
    announcedAt: iso(0),
  },
};
const reserved = (ticketId: string, walletId: string, ms = MINUTE): DomainEvent => ({
  type: 'TicketShowTicketReserved',
  data: { showId, ticketId, walletId, reservedAt: iso(ms) },
});
const admitted = (ticketId: string, walletId: string): DomainEvent => ({
  type: 'TicketShowTicketAdmitted',
  data: { showId, ticketId, walletId, admittedAt: iso(MINUTE) },
});
const closed = (outcome: 'completed' | 'refunded' | 'cancelled', ms: number): DomainEvent => ({
  type: 'TicketShowClosed',
  data: { showId, performerId, outcome, closedAt: iso(ms) },
});
const state = (events: DomainEvent[]) => events.reduce(ticketShow.evolve, ticketShow.initialState());

describe('announcing a ticket show', () => {
  const command = { showId, performerId, priceUnits: 2000, description: 'Balli sul palco', startsInMinutes: 10 };
  it('starts it startsInMinutes after now, at her price', () =>
    spec
      .given([])
      .when((s) => decideAnnounceTicketShow(command, s, at(0)))
      .then([announced]));
  it('refuses a second one in the same show, even once the first closed', () => {
    spec
      .given([announced])
      .when((s) => decideAnnounceTicketShow(command, s, at(0)))
      .thenThrows('ticket_show_exists');
    spec
      .given([announced, closed('cancelled', MINUTE)])
      .when((s) => decideAnnounceTicketShow(command, s, at(2 * MINUTE)))
      .thenThrows('ticket_show_exists');
  });
});

describe('buying a ticket', () => {
  const ticket = { showId, ticketId: ticketA, walletId: bob };
  it('reserves it, then admits it once paid', () => {
    spec
      .given([announced])
      .when((s) => decideReserveTicket(ticket, s, at(MINUTE)))
      .then([reserved(ticketA, bob)]);
    spec
      .given([announced, reserved(ticketA, bob)])
      .when((s) => decideAdmitTicket(ticket, s, at(MINUTE)))
      .then([admitted(ticketA, bob)]);
  });
  it('also while the ticketed part runs', () =>
    spec
      .given([announced, { type: 'TicketShowStarted', data: { showId, startedAt: iso(10 * MINUTE) } }])
      .when((s) => decideReserveTicket(ticket, s, at(12 * MINUTE)))
      .then([reserved(ticketA, bob, 12 * MINUTE)]));
  it('the same ticket again (its key repeated) appends nothing', () => {
    spec
      .given([announced, reserved(ticketA, bob)])
      .when((s) => decideReserveTicket(ticket, s, at(MINUTE)))
      .then([]);
    spec
      .given([announced, reserved(ticketA, bob), admitted(ticketA, bob)])
      .when((s) => decideAdmitTicket(ticket, s, at(MINUTE)))
      .then([]);
    spec
      .given([announced, reserved(ticketA, bob), admitted(ticketA, bob), closed('cancelled', 2 * MINUTE)])
      .when((s) => decideReserveTicket(ticket, s, at(3 * MINUTE)))
      .then([]);
  });
  it('refuses a second ticket of his under another key', () => {
    const other = { showId, ticketId: ticketB, walletId: bob };
    spec
      .given([announced, reserved(ticketA, bob), admitted(ticketA, bob)])
      .when((s) => decideReserveTicket(other, s, at(MINUTE)))
      .thenThrows('ticket_already_bought');
    spec
      .given([announced, reserved(ticketA, bob), reserved(ticketB, bob), admitted(ticketA, bob)])
      .when((s) => decideAdmitTicket(other, s, at(MINUTE)))
      .thenThrows('ticket_already_bought');
  });
  it('refuses without an announcement, and once it closed (a cancel that got in first wins)', () => {
    spec
      .given([])
      .when((s) => decideReserveTicket(ticket, s, at(MINUTE)))
      .thenThrows('ticket_show_none');
    spec
      .given([announced, closed('refunded', 2 * MINUTE)])
      .when((s) => decideReserveTicket(ticket, s, at(3 * MINUTE)))
      .thenThrows('ticket_show_closed');
    spec
      .given([announced, reserved(ticketA, bob), closed('cancelled', 2 * MINUTE)])
      .when((s) => decideAdmitTicket(ticket, s, at(3 * MINUTE)))
      .thenThrows('ticket_show_closed');
  });
});

describe('the start, by the clock', () => {
  const started: DomainEvent = { type: 'TicketShowStarted', data: { showId, startedAt: iso(10 * MINUTE) } };
  it('starts at its time, once', () => {
    spec
      .given([announced])
      .when((s) => decideStartTicketShow(s, at(10 * MINUTE)))
      .then([started]);
    spec
      .given([announced, started])
      .when((s) => decideStartTicketShow(s, at(11 * MINUTE)))
      .then([]);
  });
  it('not before its time, nor once closed', () => {
    spec
      .given([announced])
      .when((s) => decideStartTicketShow(s, at(10 * MINUTE - 1)))
      .then([]);
    spec
      .given([announced, closed('cancelled', MINUTE)])
      .when((s) => decideStartTicketShow(s, at(10 * MINUTE)))
      .then([]);
  });
  it('from then on only ticket holders watch (she publishes anyway; the room rule lets her in)', () => {
    const sold = state([announced, reserved(ticketA, bob), admitted(ticketA, bob)]);
    expect(mayWatchTicketed(sold, { userId: anna }, at(10 * MINUTE - 1))).toBe(true);
    expect(mayWatchTicketed(sold, { userId: anna }, at(10 * MINUTE))).toBe(false);
    expect(mayWatchTicketed(sold, {}, at(10 * MINUTE))).toBe(false);
    expect(mayWatchTicketed(sold, { userId: bob }, at(10 * MINUTE))).toBe(true);
    // a reserved ticket is not paid
    expect(mayWatchTicketed(state([announced, reserved(ticketB, anna)]), { userId: anna }, at(10 * MINUTE))).toBe(
      false,
    );
    expect(mayWatchTicketed(state([announced, closed('cancelled', 11 * MINUTE)]), {}, at(12 * MINUTE))).toBe(true);
  });
});

describe('the close', () => {
  it('her cancel closes it cancelled, before or during it', () => {
    spec
      .given([announced])
      .when((s) => decideCloseTicketShow({ by: 'cancel' }, s, at(MINUTE)))
      .then([closed('cancelled', MINUTE)]);
    spec
      .given([announced])
      .when((s) => decideCloseTicketShow({ by: 'cancel' }, s, at(20 * MINUTE)))
      .then([closed('cancelled', 20 * MINUTE)]);
  });
  it('the show ending before 5 minutes from its start refunds; at 5 minutes or later it completes', () => {
    spec
      .given([announced])
      .when((s) => decideCloseTicketShow({ by: 'show_ended' }, s, at(15 * MINUTE - 1)))
      .then([closed('refunded', 15 * MINUTE - 1)]);
    spec
      .given([announced])
      .when((s) => decideCloseTicketShow({ by: 'show_ended' }, s, at(5 * MINUTE)))
      .then([closed('refunded', 5 * MINUTE)]);
    spec
      .given([announced])
      .when((s) => decideCloseTicketShow({ by: 'show_ended' }, s, at(15 * MINUTE)))
      .then([closed('completed', 15 * MINUTE)]);
  });
  it('closes once: a second cancel is refused, the show end after a cancel does nothing', () => {
    spec
      .given([announced, closed('cancelled', MINUTE)])
      .when((s) => decideCloseTicketShow({ by: 'cancel' }, s, at(2 * MINUTE)))
      .thenThrows('ticket_show_closed');
    spec
      .given([announced, closed('cancelled', MINUTE)])
      .when((s) => decideCloseTicketShow({ by: 'show_ended' }, s, at(2 * MINUTE)))
      .then([]);
    spec
      .given([])
      .when((s) => decideCloseTicketShow({ by: 'show_ended' }, s, at(2 * MINUTE)))
      .then([]);
    spec
      .given([])
      .when((s) => decideCloseTicketShow({ by: 'cancel' }, s, at(2 * MINUTE)))
      .thenThrows('ticket_show_none');
  });
});

describe('what the room shows', () => {
  it('price, start, status, tickets sold and whether the caller holds one', () => {
    const sold = state([announced, reserved(ticketA, bob), admitted(ticketA, bob), reserved(ticketB, anna)]);
    expect(ticketShowView(sold, bob, at(MINUTE))).toEqual({
      showId,
      price: 20,
      description: 'Balli sul palco',
      startsAt: iso(10 * MINUTE),
      status: 'announced',
      ticketsSold: 1,
      hasTicket: true,
    });
    expect(ticketShowView(sold, anna, at(10 * MINUTE))).toMatchObject({ status: 'started', hasTicket: false });
    expect(ticketShowView(state([announced, closed('cancelled', MINUTE)]), undefined, at(MINUTE))).toMatchObject({
      status: 'cancelled',
      hasTicket: false,
    });
  });
});
