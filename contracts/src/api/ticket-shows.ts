import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';
import { maxCharacters } from '../forms/common';
import {
  isTicketPrice,
  TICKET_SHOW_DESCRIPTION_MAX,
  TICKET_SHOW_STARTS_IN_MAX,
  TICKET_SHOW_STARTS_IN_MIN,
  ticketPriceMessage,
  ticketShowStatuses,
  ticketStartsInMessage,
} from '../rules/ticket-shows';

/** What the ticket-show form says under a field before anything is sent. */
export const TICKET_SHOW_FORM_MESSAGES = {
  price: ticketPriceMessage,
  startsInMinutes: ticketStartsInMessage,
  descriptionRequired: 'Descrizione obbligatoria',
  descriptionTooLong: maxCharacters(TICKET_SHOW_DESCRIPTION_MAX),
} as const;

export const AnnounceTicketShowBody = z.object({
  /** auracoin */
  price: z.number({ error: ticketPriceMessage }).refine(isTicketPrice, { message: ticketPriceMessage }),
  startsInMinutes: z
    .number({ error: ticketStartsInMessage })
    .int(ticketStartsInMessage)
    .min(TICKET_SHOW_STARTS_IN_MIN, ticketStartsInMessage)
    .max(TICKET_SHOW_STARTS_IN_MAX, ticketStartsInMessage),
  description: z
    .string({ error: TICKET_SHOW_FORM_MESSAGES.descriptionRequired })
    .trim()
    .min(1, TICKET_SHOW_FORM_MESSAGES.descriptionRequired)
    .max(TICKET_SHOW_DESCRIPTION_MAX, TICKET_SHOW_FORM_MESSAGES.descriptionTooLong),
});
export type AnnounceTicketShowInput = z.input<typeof AnnounceTicketShowBody>;

/** A show's ticketed part as anyone in the room sees it (`hasTicket`: the caller's own, false for visitors). */
export const TicketShowView = z.object({
  showId: z.string().uuid(),
  /** auracoin */
  price: z.number(),
  description: z.string(),
  startsAt: z.string(),
  status: z.enum(ticketShowStatuses),
  ticketsSold: z.number().int(),
  hasTicket: z.boolean(),
});
export type TicketShowView = z.infer<typeof TicketShowView>;

export const ShowTicketView = z.object({
  id: z.string().uuid(),
  showId: z.string().uuid(),
  /** auracoin, held until the ticketed part ends (then paid, or refunded) */
  price: z.number(),
  /** his balance after the purchase, auracoin */
  balance: z.number(),
});
export type ShowTicketView = z.infer<typeof ShowTicketView>;

export const ticketShowsRoutes = {
  announceTicketShow: {
    ...apiPaths.announceTicketShow,
    summary: 'She announces a ticketed part of her live show: price, start in 2–60 minutes, description',
    tag: 'shows',
    refusals: moduleRefusals.ticketShows,
    params: IdParam,
    body: AnnounceTicketShowBody,
    response: TicketShowView,
    status: 201,
    // admins are refused by the policy (only her session announces); declared like every route an admin session reaches
    secondFactor: 'fresh',
  },
  getTicketShow: {
    ...apiPaths.getTicketShow,
    summary: "The show's ticketed part, if announced (404 ticket_show_none), and whether the caller holds a ticket",
    tag: 'shows',
    refusals: ['ticket_show_none'],
    params: IdParam,
    response: TicketShowView,
  },
  cancelTicketShow: {
    ...apiPaths.cancelTicketShow,
    summary: 'She (or an admin) cancels the ticketed part: every ticket is refunded',
    tag: 'shows',
    refusals: moduleRefusals.ticketShows,
    params: IdParam,
    response: TicketShowView,
    secondFactor: 'fresh',
  },
  buyShowTicket: {
    ...apiPaths.buyShowTicket,
    summary: 'A viewer buys a ticket (its price held until the ticketed part ends, then paid or refunded)',
    tag: 'shows',
    refusals: moduleRefusals.ticketShows,
    idempotencyKey: 'required',
    params: IdParam,
    response: ShowTicketView,
    status: 201,
    secondFactor: 'fresh',
  },
} as const satisfies Record<string, RouteContract>;
