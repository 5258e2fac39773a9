import { z } from 'zod';

export const PackageCreated = z.object({
  packageId: z.string().uuid(),
  credits: z.number().int().positive(),
  bonus: z.number().int().min(0),
  /** euro cents */
  priceCents: z.number().int().positive(),
  popular: z.boolean(),
  createdBy: z.string().uuid().optional(),
  createdAt: z.string(),
});

export const packagesEvents = { PackageCreated } as const;
