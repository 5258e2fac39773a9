import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

export const OFFER_DEFAULT_MINUTES = 120;
/** an offer's bonus, percent, and how long it may run, minutes (at most 30 days) */
export const OFFER_BONUS_MIN = 1;
export const OFFER_BONUS_MAX = 100;
export const OFFER_MINUTES_MIN = 1;
export const OFFER_MINUTES_MAX = 30 * 24 * 60;
/** the offer form's message for each field the server may refuse */
export const OFFER_FIELD_MESSAGES = {
  bonusPercent: `Tra ${OFFER_BONUS_MIN} e ${OFFER_BONUS_MAX}`,
  durationMinutes: `Almeno ${OFFER_MINUTES_MIN} minuto`,
} as const;

export const OfferView = z.object({
  id: z.string().uuid(),
  bonusPercent: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OfferView = z.infer<typeof OfferView>;

export const CreateOfferBody = z.object({
  bonusPercent: z.number().int().min(OFFER_BONUS_MIN).max(OFFER_BONUS_MAX),
  /** how long it runs from now, minutes (default 120, at most 30 days) */
  durationMinutes: z.number().int().min(OFFER_MINUTES_MIN).max(OFFER_MINUTES_MAX).default(OFFER_DEFAULT_MINUTES),
});
export type CreateOfferBody = z.infer<typeof CreateOfferBody>;
export type CreateOfferBodyInput = z.input<typeof CreateOfferBody>;

export const offersRoutes = {
  currentOffer: {
    ...apiPaths.currentOffer,
    summary: 'The limited offer running now, if any',
    tag: 'offers',
    refusals: [],
    response: z.object({ offer: OfferView.nullable() }),
  },
  listOffers: {
    ...apiPaths.listOffers,
    summary: 'Every offer, newest first (admin)',
    tag: 'offers',
    refusals: [],
    response: z.array(OfferView),
  },
  createOffer: {
    ...apiPaths.createOffer,
    summary: 'Start a limited offer (admin)',
    tag: 'offers',
    refusals: moduleRefusals.offers,
    body: CreateOfferBody,
    response: OfferView,
    status: 201,
    secondFactor: 'fresh',
  },
  endOffer: {
    ...apiPaths.endOffer,
    summary: 'End an offer now (admin)',
    tag: 'offers',
    refusals: moduleRefusals.offers,
    params: IdParam,
    response: OfferView,
    secondFactor: 'fresh',
  },
} as const satisfies Record<string, RouteContract>;
