import { z } from 'zod';

/** A limited offer defined by an admin: +bonusPercent auracoin on every package until endsAt (stream `offer-<id>`). */
export const OfferCreated = z.object({
  offerId: z.string().uuid(),
  bonusPercent: z.number().int().min(1).max(100),
  startsAt: z.string(),
  endsAt: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});

/** An admin ended an offer early. */
export const OfferEnded = z.object({
  offerId: z.string().uuid(),
  endedBy: z.string(),
  endedAt: z.string(),
});

export const offersEvents = { OfferCreated, OfferEnded } as const;
