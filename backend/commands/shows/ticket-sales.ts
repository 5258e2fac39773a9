import { ticketShowStreams, type TicketShowStatus } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import { ticketWallet, walletTotals, type TicketTerms } from '../../ledger';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import {
  decideAdmitTicket,
  decideCloseTicketShow,
  decideReserveTicket,
  decideStartTicketShow,
  handleTicketShow,
  ticketShow,
  ticketShowStatus,
  type TicketShow,
} from './ticket-show';

/** The clock's job that starts a ticketed part at its time (a delayed job, as a goal's deadline). */
export const TICKET_SHOW_START_JOB = 'ticket-show-start';

export interface TicketSalesDeps {
  eventStore: EventStore;
  now: () => Date;
  /** the room hears that the ticketed part changed (announced, a ticket sold, started, closed) */
  announce: (showId: string, status: TicketShowStatus) => void;
}

export const loadTicketShow = async (eventStore: EventStore, showId: string): Promise<TicketShow> =>
  foldStream(ticketShow, await eventStore.readStream(ticketShowStreams.ticketShow(showId)));

const termsOf = (state: TicketShow, ticketId: string, walletId: string): TicketTerms => ({
  ticketId,
  walletId,
  showId: state.announced!.showId,
  performerId: state.announced!.performerId,
  priceUnits: state.announced!.priceUnits,
});

/**
 * He buys a ticket (docs/product.md#ticket-shows): named on the show's stream (`decideReserveTicket`,
 * so the close settles it whatever happens next), its price held on his wallet through the ledger,
 * then admitted (`decideAdmitTicket`). A close that lands in between wins: the hold goes back at
 * once (a recorded refund) and the purchase is refused; a stop in between leaves the ticket reserved,
 * and the close gives back whatever it holds. The same key names the same ticket: asked again, it
 * answers the ticket bought and charges nothing more.
 */
export async function buyTicket(
  deps: TicketSalesDeps,
  command: { showId: string; walletId: string; idempotencyKey: string },
  metadata: Record<string, unknown>,
): Promise<{ ticketId: string; priceUnits: number; position: number | undefined }> {
  const { eventStore, now } = deps;
  const { showId, walletId } = command;
  const ticketId = deterministicId(`show-ticket:${showId}:${walletId}:${command.idempotencyKey}`);
  const stream = ticketShowStreams.ticketShow(showId);
  const ticket = { showId, ticketId, walletId };
  await refuseShortBalance(eventStore, ticket);
  const reserved = await handleTicketShow(eventStore, stream, (state) => decideReserveTicket(ticket, state, now()), {
    eventId: () => deterministicId(`ticket-reserved:${ticketId}`),
    metadata,
  });
  const terms = termsOf(reserved.state, ticketId, walletId);
  const wallets = ticketWallet(eventStore);
  const held = await wallets.hold(terms, now(), metadata);
  try {
    await handleTicketShow(eventStore, stream, (state) => decideAdmitTicket(ticket, state, now()), {
      eventId: () => deterministicId(`ticket-admitted:${ticketId}`),
      metadata,
    });
  } catch (error) {
    // closed meanwhile (or another of his tickets got in first): this one's hold goes back now
    if (error instanceof DomainError) await wallets.refund(terms, now(), metadata);
    throw error;
  }
  deps.announce(showId, ticketShowStatus(reserved.state, now()));
  return { ticketId, priceUnits: terms.priceUnits, position: held.position };
}

/** A new ticket his available balance cannot pay is refused before anything is written (the hold decides for good). */
async function refuseShortBalance(
  eventStore: EventStore,
  ticket: { showId: string; ticketId: string; walletId: string },
) {
  const state = await loadTicketShow(eventStore, ticket.showId);
  if (!state.announced || state.reserved.has(ticket.ticketId)) return;
  const wallet = await walletTotals(eventStore, ticket.walletId);
  if (wallet.balance - wallet.held < state.announced.priceUnits) throw new DomainError('insufficient_balance');
}

/**
 * Every ticket named on a closed ticketed part settled on its wallet: paid (her share follows) when
 * it completed, given back otherwise. Each settles once whoever runs it (the cancel route, the show's
 * end reaction, again after a stop): the wallet's fold knows a settled ticket.
 */
export async function settleTickets(deps: Pick<TicketSalesDeps, 'eventStore' | 'now'>, showId: string) {
  const state = await loadTicketShow(deps.eventStore, showId);
  if (!state.closed || !state.announced) return;
  const wallets = ticketWallet(deps.eventStore);
  const settle = state.closed.outcome === 'completed' ? wallets.charge : wallets.refund;
  for (const [ticketId, walletId] of state.reserved) {
    await settle(termsOf(state, ticketId, walletId), deps.now(), { causationId: `ticket-show-closed:${showId}` });
  }
}

/** The ticketed part closes (a cancel, or the show's end at `at`), then its tickets are settled. */
export async function closeTicketShow(
  deps: TicketSalesDeps,
  showId: string,
  by: 'cancel' | 'show_ended',
  at: Date,
  metadata: Record<string, unknown> = {},
) {
  const result = await handleTicketShow(
    deps.eventStore,
    ticketShowStreams.ticketShow(showId),
    (state) => decideCloseTicketShow({ by }, state, at),
    { eventId: () => deterministicId(`ticket-show-closed:${showId}`), metadata },
  );
  await settleTickets(deps, showId);
  if (result.events.length > 0) deps.announce(showId, ticketShowStatus(result.state, at));
  return result;
}

/** Its time came (the start job): viewers without a ticket lose the media (the room hears it). */
export async function startTicketShow(deps: TicketSalesDeps, showId: string) {
  const result = await handleTicketShow(deps.eventStore, ticketShowStreams.ticketShow(showId), (state) =>
    decideStartTicketShow(state, deps.now()),
  );
  if (result.events.length > 0) deps.announce(showId, 'started');
  return result;
}
