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

/**
 * An admin deleted a user: read models forget the personal data (username and email are replaced),
 * login becomes impossible and the claims are released; the wallet's ledger stays whole.
 */
export const UserDeleted = z.object({
  userId: z.string().uuid(),
  deletedBy: z.string(),
  deletedAt: z.string(),
});

export const accountsEvents = { UserRegistered, UniqueValueClaimed, UniqueValueReleased, UserDeleted } as const;
