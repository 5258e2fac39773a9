import { z } from 'zod';

export const AuracoinCredited = z.object({
  walletId: z.string().uuid(),
  /** minor units: 1 auracoin = 100 */
  amount: z.number().int().positive(),
  reason: z.enum(['welcome', 'purchase', 'refund', 'adjustment']),
  creditedAt: z.string(),
});

export const walletEvents = { AuracoinCredited } as const;
