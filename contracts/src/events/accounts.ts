import { z } from 'zod';

/**
 * Values one owner at a time may hold, ignoring case: usernames and emails per kind of account, and
 * the identity a user shows in a show's room (`<showId>:<userId>`, owned by the user or his alias).
 */
export const uniqueValueKinds = [
  'username',
  'email',
  'admin-username',
  'performer-username',
  'performer-email',
  'show-room-identity',
] as const;
export type UniqueValueKind = (typeof uniqueValueKinds)[number];

/**
 * Every domain event: its type name and the zod schema of its data.
 * Backend deciders produce them, projections consume them, the auditor replays them.
 */
/** His explicit consent to data about sexual life (GDPR Art. 9): the notice's version and when. */
export const SensitiveDataConsentRecord = z.object({ policyVersion: z.string(), givenAt: z.string() });

export const UserRegistered = z.object({
  userId: z.string().uuid(),
  username: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  role: z.enum(['user']).default('user'),
  registeredAt: z.string(),
  /** absent on registrations from before it was asked */
  sensitiveDataConsent: SensitiveDataConsentRecord.optional(),
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
  /** he withdrew his consent to sensitive data (GDPR Art. 9), which closes the account */
  reason: z.enum(['consent_withdrawn']).optional(),
});

/** He asked for a password reset: the link's token is kept only as its SHA-256 hash, valid until `expiresAt`. */
export const PasswordResetRequested = z.object({
  userId: z.string().uuid(),
  tokenHash: z.string(),
  expiresAt: z.string(),
  requestedAt: z.string(),
});

/** His password changed (a reset link or his settings); every reset link issued before is spent. */
export const UserPasswordChanged = z.object({
  userId: z.string().uuid(),
  passwordHash: z.string(),
  via: z.enum(['reset', 'settings']),
  changedAt: z.string(),
});

/** He asked to use another address: it counts once he opens the link sent there (token hashed). */
export const EmailChangeRequested = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  tokenHash: z.string(),
  expiresAt: z.string(),
  requestedAt: z.string(),
});

export const UserEmailChanged = z.object({
  userId: z.string().uuid(),
  email: z.string(),
  previousEmail: z.string(),
  changedAt: z.string(),
});

export const accountsEvents = {
  UserRegistered,
  UniqueValueClaimed,
  UniqueValueReleased,
  UserDeleted,
  PasswordResetRequested,
  UserPasswordChanged,
  EmailChangeRequested,
  UserEmailChanged,
} as const;
