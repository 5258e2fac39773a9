import { formatAuracoin } from '../format';

/**
 * Ticket shows (docs/product.md#ticket-shows): she announces a paid part of her live show, with a
 * price and a start a few minutes ahead; viewers buy a ticket before or during it; once it starts
 * only ticket holders get her media. It earns her share only if it runs at least
 * `TICKET_SHOW_MIN_MINUTES`; cancelled or ended sooner, every ticket is refunded.
 */
export const TICKET_SHOW_STARTS_IN_MIN = 2;
export const TICKET_SHOW_STARTS_IN_MAX = 60;
/** A ticket: at least 1 auracoin, in steps of 0.5, at most this. */
export const TICKET_PRICE_MIN = 1;
export const TICKET_PRICE_MAX = 1000;
export const TICKET_SHOW_DESCRIPTION_MAX = 200;
/** The ticketed part must run this long from its start, or every ticket is refunded. */
export const TICKET_SHOW_MIN_MINUTES = 5;

/** What viewers without a ticket read once the ticketed part started (instead of her video). */
export const TICKET_REQUIRED_TEXT = 'Show a pagamento in corso: acquista il biglietto';

export const ticketPriceMessage = `Biglietto da ${formatAuracoin(TICKET_PRICE_MIN)} a ${formatAuracoin(TICKET_PRICE_MAX)} auracoin, a passi di 0,5`;
export const ticketStartsInMessage = `Inizio tra ${TICKET_SHOW_STARTS_IN_MIN} e ${TICKET_SHOW_STARTS_IN_MAX} minuti`;

/** Is this a price a ticket may have, in auracoin? */
export function isTicketPrice(auracoin: number): boolean {
  return (
    Number.isFinite(auracoin) &&
    auracoin >= TICKET_PRICE_MIN &&
    auracoin <= TICKET_PRICE_MAX &&
    Number.isInteger(auracoin * 2)
  );
}

export const ticketShowStatuses = ['announced', 'started', 'cancelled', 'completed', 'refunded'] as const;
export type TicketShowStatus = (typeof ticketShowStatuses)[number];
