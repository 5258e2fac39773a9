import { z } from 'zod';

/** Usernames and emails are unique per kind of account, ignoring case. */
export const uniqueValueKinds = ['username', 'email', 'admin-username', 'performer-username', 'performer-email'] as const;
export type UniqueValueKind = (typeof uniqueValueKinds)[number];

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

export const accountsEvents = { UserRegistered, UniqueValueClaimed, UniqueValueReleased } as const;
