import { z } from 'zod';

export const performerCategories = ['Standard', 'Premium', 'VIP'] as const;

export const PerformerRegistered = z.object({
  performerId: z.string().uuid(),
  username: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  name: z.string(),
  dateOfBirth: z.string(),
  bio: z.string().nullable(),
  /** minor units per minute: 1 auracoin = 100 */
  rateUnits: z.number().int().positive(),
  languages: z.array(z.string()),
  category: z.enum(performerCategories),
  hairColor: z.string().nullable(),
  eyeColor: z.string().nullable(),
  bodyType: z.string().nullable(),
  ethnicity: z.string().nullable(),
  height: z.number().int().nullable(),
  specialFeatures: z.array(z.string()),
  image: z.string(),
  rating: z.number().min(0).max(5).nullable(),
  signedContractAt: z.string().nullable(),
  digitalSignature: z.string().nullable(),
  registeredAt: z.string(),
});

export const PerformerVerified = z.object({
  performerId: z.string().uuid(),
  /** the admin who approved; absent for demo data */
  adminId: z.string().uuid().optional(),
  verifiedAt: z.string(),
});

export const performersEvents = { PerformerRegistered, PerformerVerified } as const;
