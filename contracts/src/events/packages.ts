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

/** Every field as it now stands (not a patch), so the read model never needs the previous state. */
export const PackageUpdated = z.object({
  packageId: z.string().uuid(),
  credits: z.number().int().positive(),
  bonus: z.number().int().min(0),
  /** euro cents */
  priceCents: z.number().int().positive(),
  popular: z.boolean(),
  updatedBy: z.string().uuid(),
  updatedAt: z.string(),
});

export const PackageDeleted = z.object({
  packageId: z.string().uuid(),
  deletedBy: z.string().uuid(),
  deletedAt: z.string(),
});

export const packagesEvents = { PackageCreated, PackageUpdated, PackageDeleted } as const;
