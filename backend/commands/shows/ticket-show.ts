import {
  TICKET_SHOW_MIN_MINUTES,
  unitsToAuracoin,
  type DomainEvent,
  type TicketShowStatus,
  type TicketShowView,
} from '@aura/contracts';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';
import { DomainError } from '../../platform/domain-error';

/**
 * A show's ticketed part (stream `ticket-show-<showId>`, docs/product.md#ticket-shows): announced
 * by her with a price and a start, tickets reserved then admitted (paid: held on the buyer's
 * wallet), started by the clock, closed once (cancelled, or by the show's end: completed when the
 * ticketed part ran `TICKET_SHOW_MIN_MINUTES`, refunded otherwise). The stream's order decides a
 * purchase racing the close: a ticket admitted after it is refused, its hold given back.
 */
export interface TicketShow {
  announced: {
    showId: string;
    performerId: string;
    priceUnits: number;
    description: string;
    startsAt: string;
  } | null;
  started: boolean;
  closed: { outcome: 'completed' | 'refunded' | 'cancelled'; closedAt: string } | null;
  /** every ticket named by a purchase: ticket id → wallet (the settlement reaches each) */
  reserved: Map<string, string>;
  /** tickets paid: ticket id → wallet */
  admitted: Map<string, string>;
}

export const ticketShow: Aggregate<TicketShow> = {
  initialState: () => ({ announced: null, started: false, closed: null, reserved: new Map(), admitted: new Map() }),
  evolve(state, event) {
    switch (event.type) {
      case 'TicketShowAnnounced': {
        const { showId, performerId, priceUnits, description, startsAt } = event.data;
        return { ...state, announced: { showId, performerId, priceUnits, description, startsAt } };
      }
      case 'TicketShowTicketReserved':
        return { ...state, reserved: new Map(state.reserved).set(event.data.ticketId, event.data.walletId) };
      case 'TicketShowTicketAdmitted':
        return { ...state, admitted: new Map(state.admitted).set(event.data.ticketId, event.data.walletId) };
      case 'TicketShowStarted':
        return { ...state, started: true };
      case 'TicketShowClosed':
        return { ...state, closed: { outcome: event.data.outcome, closedAt: event.data.closedAt } };
      default:
        return state;
    }
  },
};

export const handleTicketShow = commandHandler(ticketShow);

const MINUTE_MS = 60_000;

/** She announces the ticketed part of her live show (one per show). */
export function decideAnnounceTicketShow(
  command: { showId: string; performerId: string; priceUnits: number; description: string; startsInMinutes: number },
  state: TicketShow,
  now: Date,
): DomainEvent[] {
  if (state.announced) throw new DomainError('ticket_show_exists');
  const { startsInMinutes, ...terms } = command;
  return [
    {
      type: 'TicketShowAnnounced',
      data: {
        ...terms,
        startsAt: new Date(now.getTime() + startsInMinutes * MINUTE_MS).toISOString(),
        announcedAt: now.toISOString(),
      },
    },
  ];
}

/** The announcement, or why there is none to buy from: never announced, or over. */
function openAnnouncement(state: TicketShow): NonNullable<TicketShow['announced']> {
  if (!state.announced) throw new DomainError('ticket_show_none');
  if (state.closed) throw new DomainError('ticket_show_closed');
  return state.announced;
}

/** This wallet's paid ticket, if any. */
export function ticketOf(state: TicketShow, walletId: string): string | undefined {
  return [...state.admitted].find(([, holder]) => holder === walletId)?.[0];
}

/**
 * A purchase names its ticket first (nothing when named already). A ticket paid already is the
 * answer to its key again; another of his, or the ticketed part over, is refused.
 */
export function decideReserveTicket(
  command: { showId: string; ticketId: string; walletId: string },
  state: TicketShow,
  now: Date,
): DomainEvent[] {
  if (state.admitted.has(command.ticketId)) return [];
  openAnnouncement(state);
  if (ticketOf(state, command.walletId)) throw new DomainError('ticket_already_bought');
  if (state.reserved.has(command.ticketId)) return [];
  return [{ type: 'TicketShowTicketReserved', data: { ...command, reservedAt: now.toISOString() } }];
}

/** Its price held, the ticket admits its holder: refused when the ticketed part closed meanwhile, or he holds another. */
export function decideAdmitTicket(
  command: { showId: string; ticketId: string; walletId: string },
  state: TicketShow,
  now: Date,
): DomainEvent[] {
  if (state.admitted.has(command.ticketId)) return [];
  openAnnouncement(state);
  if (ticketOf(state, command.walletId)) throw new DomainError('ticket_already_bought');
  return [{ type: 'TicketShowTicketAdmitted', data: { ...command, admittedAt: now.toISOString() } }];
}

/** Its start came (the clock's job): viewers without a ticket lose the media. Nothing before its time, nor twice. */
export function decideStartTicketShow(state: TicketShow, now: Date): DomainEvent[] {
  const announced = state.announced;
  if (!announced || state.closed || state.started || now.getTime() < Date.parse(announced.startsAt)) return [];
  return [{ type: 'TicketShowStarted', data: { showId: announced.showId, startedAt: now.toISOString() } }];
}

/**
 * The ticketed part closes: cancelled by her (or an admin), or with the show's end: completed when
 * it ran `TICKET_SHOW_MIN_MINUTES` from its start, refunded otherwise. A cancel of one closed is
 * refused; the show's end closes it once (nothing when there is none).
 */
export function decideCloseTicketShow(
  command: { by: 'cancel' | 'show_ended' },
  state: TicketShow,
  now: Date,
): DomainEvent[] {
  if (command.by === 'show_ended' && (!state.announced || state.closed)) return [];
  const announced = openAnnouncement(state);
  const ranEnough = now.getTime() >= Date.parse(announced.startsAt) + TICKET_SHOW_MIN_MINUTES * MINUTE_MS;
  const outcome = command.by === 'cancel' ? 'cancelled' : ranEnough ? 'completed' : 'refunded';
  return [
    {
      type: 'TicketShowClosed',
      data: { showId: announced.showId, performerId: announced.performerId, outcome, closedAt: now.toISOString() },
    },
  ];
}

/** The ticketed part is on now: announced, started by the clock and not closed. */
export function ticketedPartRunning(state: TicketShow, now: Date): boolean {
  return !!state.announced && !state.closed && now.getTime() >= Date.parse(state.announced.startsAt);
}

/** May this account watch her media now? Always, unless the ticketed part runs and he holds no ticket. */
export function mayWatchTicketed(state: TicketShow, who: { userId?: string }, now: Date): boolean {
  if (!ticketedPartRunning(state, now)) return true;
  return who.userId !== undefined && ticketOf(state, who.userId) !== undefined;
}

export function ticketShowStatus(state: TicketShow, now: Date): TicketShowStatus {
  if (state.closed) return state.closed.outcome;
  return ticketedPartRunning(state, now) ? 'started' : 'announced';
}

/** What the room shows of it (`walletId`: the caller's, for `hasTicket`). */
export function ticketShowView(state: TicketShow, walletId: string | undefined, now: Date): TicketShowView {
  const announced = state.announced;
  if (!announced) throw new DomainError('ticket_show_none');
  return {
    showId: announced.showId,
    price: unitsToAuracoin(announced.priceUnits),
    description: announced.description,
    startsAt: announced.startsAt,
    status: ticketShowStatus(state, now),
    ticketsSold: state.admitted.size,
    hasTicket: walletId !== undefined && ticketOf(state, walletId) !== undefined,
  };
}
