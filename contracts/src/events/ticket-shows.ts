import { z } from 'zod';
import { paidWith } from './wallet';

/** Stream names of ticket shows (docs/architecture.md#shows). */
export const ticketShowStreams = {
  /** one show's ticketed part: announced, tickets admitted, started, closed (cancelled, completed, refunded) */
  ticketShow: (showId: string) => `ticket-show-${showId}`,
} as const;

/** She announced a ticketed part of her live show: its price and when it starts. */
export const TicketShowAnnounced = z.object({
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  priceUnits: z.number().int().positive(),
  description: z.string(),
  startsAt: z.string(),
  announcedAt: z.string(),
});

/**
 * A purchase begins: the ticket is named on the show's stream before its price is held on his
 * wallet, so the settlement at the end reaches every ticket that may hold money.
 */
export const TicketShowTicketReserved = z.object({
  showId: z.string().uuid(),
  ticketId: z.string().uuid(),
  walletId: z.string().uuid(),
  reservedAt: z.string(),
});

/** A ticket paid (held on his wallet) lets its holder watch the ticketed part. */
export const TicketShowTicketAdmitted = z.object({
  showId: z.string().uuid(),
  ticketId: z.string().uuid(),
  walletId: z.string().uuid(),
  admittedAt: z.string(),
});

/** The ticketed part began: viewers without a ticket get no media from now on. */
export const TicketShowStarted = z.object({ showId: z.string().uuid(), startedAt: z.string() });

/**
 * The ticketed part is over: `completed` (it ran its minimum: her share is credited), `refunded`
 * (the show ended sooner) or `cancelled` (by her, or an admin); `tickets` admitted by then are settled.
 */
export const TicketShowClosed = z.object({
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  outcome: z.enum(['completed', 'refunded', 'cancelled']),
  closedAt: z.string(),
});

/** A ticket bought: on the buyer's wallet, right before the AuracoinHeld that keeps its price until the end. */
export const ShowTicketBought = z.object({
  ticketId: z.string().uuid(),
  walletId: z.string().uuid(),
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  priceUnits: z.number().int().positive(),
  boughtAt: z.string(),
});

/** The ticketed part ran: the ticket's price is paid from its hold (the sale; right before its AuracoinDebited, reason 'ticket'). */
export const ShowTicketCharged = z.object({
  ticketId: z.string().uuid(),
  walletId: z.string().uuid(),
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  amountUnits: z.number().int().positive(),
  ...paidWith,
  chargedAt: z.string(),
});

/** The ticketed part was cancelled or ended too soon: the ticket's hold goes back to him whole (right before its AuracoinReleased). */
export const ShowTicketRefunded = z.object({
  ticketId: z.string().uuid(),
  walletId: z.string().uuid(),
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  amountUnits: z.number().int().nonnegative(),
  refundedAt: z.string(),
});

export const ticketShowsEvents = {
  TicketShowAnnounced,
  TicketShowTicketReserved,
  TicketShowTicketAdmitted,
  TicketShowStarted,
  TicketShowClosed,
  ShowTicketBought,
  ShowTicketCharged,
  ShowTicketRefunded,
} as const;
