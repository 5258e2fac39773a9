import { z } from 'zod';
import { paidWith } from './wallet';

/** An alias bought with auracoin; appended to the buyer's wallet stream before its AuracoinDebited. */
export const AliasPurchased = z.object({
  aliasId: z.string().uuid(),
  userId: z.string().uuid(),
  aliasName: z.string().min(1),
  /** minor units paid */
  price: z.number().int().positive(),
  ...paidWith,
  purchasedAt: z.string(),
});

/** An alias removed by its owner (stream `alias-<aliasId>`). */
export const AliasDeleted = z.object({
  aliasId: z.string().uuid(),
  userId: z.string().uuid(),
  deletedBy: z.string(),
  deletedAt: z.string(),
});

export const aliasesEvents = { AliasPurchased, AliasDeleted } as const;
