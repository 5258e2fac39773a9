import { z } from 'zod';

/**
 * Every domain event: its type name and the zod schema of its data.
 * Backend deciders produce them, projections consume them, the auditor replays them.
 */
export const UserRegistered = z.object({
  userId: z.string().uuid(),
  username: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  role: z.enum(['user']).default('user'),
  registeredAt: z.string(),
});

export const AuracoinCredited = z.object({
  walletId: z.string().uuid(),
  /** minor units: 1 auracoin = 100 */
  amount: z.number().int().positive(),
  reason: z.enum(['welcome', 'purchase', 'refund', 'adjustment']),
  creditedAt: z.string(),
});

/** Usernames and emails are unique per kind of account, ignoring case. */
export const uniqueValueKinds = ['username', 'email', 'admin-username', 'performer-username', 'performer-email'] as const;
export type UniqueValueKind = (typeof uniqueValueKinds)[number];

/** A unique value (a username or an email, lower-cased) taken by an account. */
export const UniqueValueClaimed = z.object({
  kind: z.enum(uniqueValueKinds),
  value: z.string(),
  ownerId: z.string().uuid(),
  claimedAt: z.string(),
});

export const UniqueValueReleased = z.object({
  kind: z.enum(uniqueValueKinds),
  value: z.string(),
  ownerId: z.string().uuid(),
  releasedAt: z.string(),
});

export const AdminCreated = z.object({
  adminId: z.string().uuid(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  role: z.enum(['admin', 'superadmin']),
  /** the admin who created it; absent for the superadmin made at first start */
  createdBy: z.string().uuid().optional(),
  createdAt: z.string(),
});

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

/** Marks the one-time demo seed, so it never runs twice. */
export const DemoDataSeeded = z.object({ seededAt: z.string(), performers: z.number().int(), packages: z.number().int() });

export const eventSchemas = {
  AdminCreated,
  PackageCreated,
  PerformerRegistered,
  PerformerVerified,
  DemoDataSeeded,
  UserRegistered,
  AuracoinCredited,
  UniqueValueClaimed,
  UniqueValueReleased,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventDataOf<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

/** A domain event as deciders emit it: a type and its data. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataOf<T> } }[EventType];

export function isKnownEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(eventSchemas, type);
}

/** Stream names: one stream per aggregate instance. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  wallet: (walletId: string) => `wallet-${walletId}`,
  admin: (adminId: string) => `admin-${adminId}`,
  package: (packageId: string) => `package-${packageId}`,
  performer: (performerId: string) => `performer-${performerId}`,
  demoSeed: () => 'system-demo-seed',
  /** claim stream guarding a unique value (usernames and emails are unique ignoring case) */
  uniqueValue: (kind: UniqueValueKind, value: string) => `unique-${kind}-${value.toLowerCase()}`,
} as const;
