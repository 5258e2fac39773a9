import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/**
 * The version of the notice on data about sexual life (GDPR Art. 9) a registration consents to:
 * recorded with the consent in the account's events, so a later text asks again.
 */
export const SENSITIVE_DATA_POLICY_VERSION = '2026-11-30';

/**
 * Explicit consent to process data about sexual life (GDPR Art. 9): a registration without
 * `true` is refused with `consent_required` (the route checks it before the rest of the body).
 */
export const SensitiveDataConsent = z.literal(true);

/** What a registration records of the consent (the notice's version and when), or null when not given. */
export function sensitiveDataConsentRecord(given: unknown, now: Date) {
  return given === true ? { policyVersion: SENSITIVE_DATA_POLICY_VERSION, givenAt: now.toISOString() } : null;
}

export const RegisterBody = z.object({
  username: z.string().trim().min(USERNAME_MIN).max(USERNAME_MAX),
  email: z.string().trim().toLowerCase().email().max(254),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  sensitiveDataConsent: SensitiveDataConsent,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  /** username or email */
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(PASSWORD_MAX),
});
export type LoginBody = z.infer<typeof LoginBody>;

/** The name a deleted user's room lines and tips show from then on (his username is forgotten). */
export const DELETED_USER_DISPLAY_NAME = 'Utente eliminato';

/** The user record as the API answers it (never the password hash). */
export const UserView = z.object({
  id: z.string().uuid(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  /** auracoin, may step by 0.5 */
  auracoinBalance: z.number(),
  totalAuracoinSpent: z.number(),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof UserView>;

const ok = z.object({ ok: z.literal(true) });

/** A reset link's or an email link's token: lasts this long. */
export const ACCOUNT_TOKEN_TTL_MS = 60 * 60 * 1000;

export const PasswordResetBody = z.object({ email: z.string().trim().toLowerCase().email().max(254) });
export const PasswordResetConfirmBody = z.object({
  token: z.string().trim().min(1).max(300),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
});
export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
});
export const ChangeEmailBody = z.object({
  email: RegisterBody.shape.email,
  password: z.string().min(1).max(PASSWORD_MAX),
});
export const ConfirmEmailBody = z.object({ token: z.string().trim().min(1).max(300) });
export const DeleteAccountBody = z.object({
  password: z.string().min(1).max(PASSWORD_MAX),
  /** why he closes it: withdrawing his consent to sensitive data (GDPR Art. 9) closes the account the same way */
  reason: z.enum(['consent_withdrawn']).optional(),
});

/** One message the development outbox holds (an `.eml` under DATA_DIR/outbox). */
export const OutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** Everything Aura keeps about him, as he downloads it from his settings (GDPR Arts. 15 and 20). */
export const AccountExport = z.object({
  exportedAt: z.string(),
  profile: UserView,
  purchases: z.array(z.unknown()),
  ledger: z.array(z.unknown()),
  messages: z.array(z.unknown()),
  /** the aliases he holds */
  aliases: z.array(z.object({ id: z.string(), aliasName: z.string(), createdAt: z.string() })),
  /** his tips in shows, auracoin, under the name he tipped with */
  tips: z.array(
    z.object({
      id: z.string(),
      showId: z.string(),
      performerId: z.string(),
      displayName: z.string(),
      amount: z.number(),
      message: z.string().nullable(),
      menuItemLabel: z.string().nullable(),
      tippedAt: z.string(),
    }),
  ),
  /** what he wrote in show rooms (a line she or an admin deleted too) */
  roomLines: z.array(
    z.object({
      id: z.string(),
      showId: z.string(),
      performerId: z.string(),
      displayName: z.string(),
      content: z.string(),
      postedAt: z.string(),
      deleted: z.boolean(),
    }),
  ),
  /** his private sessions; `cost` in auracoin */
  sessions: z.array(
    z.object({
      id: z.string(),
      performerId: z.string().nullable(),
      displayName: z.string(),
      status: z.string(),
      requestedAt: z.string().nullable(),
      startedAt: z.string().nullable(),
      endedAt: z.string().nullable(),
      minutesBilled: z.number(),
      cost: z.number(),
    }),
  ),
  /** the ratings he gave sessions */
  ratings: z.array(
    z.object({
      sessionId: z.string(),
      performerId: z.string(),
      stars: z.number(),
      comment: z.string().nullable(),
      ratedAt: z.string(),
    }),
  ),
  /** his card payments for auracoin packages, in euros */
  cardPayments: z.array(
    z.object({
      id: z.string(),
      packageId: z.string(),
      status: z.string(),
      amountEuro: z.number(),
      auracoin: z.number(),
      createdAt: z.string(),
    }),
  ),
});
export type AccountExport = z.infer<typeof AccountExport>;

export const accountsRoutes = {
  requestPasswordReset: {
    ...apiPaths.requestPasswordReset,
    summary: 'Send a reset link to this address if an account has it (always 202, whether or not)',
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    body: PasswordResetBody,
    response: ok,
    status: 202,
  },
  confirmPasswordReset: {
    ...apiPaths.confirmPasswordReset,
    summary: "Set a new password with a reset link's token (once, within an hour); his sessions are signed out",
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    body: PasswordResetConfirmBody,
    response: ok,
  },
  changePassword: {
    ...apiPaths.changePassword,
    summary: 'Change his password (the current one first); his other sessions are signed out',
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    body: ChangePasswordBody,
    response: ok,
    secondFactor: 'fresh',
  },
  requestEmailChange: {
    ...apiPaths.requestEmailChange,
    summary: 'Ask to use another email: a link is sent there to confirm it',
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    body: ChangeEmailBody,
    response: ok,
    status: 202,
    secondFactor: 'fresh',
  },
  confirmEmailChange: {
    ...apiPaths.confirmEmailChange,
    summary: "Confirm the new email with the link's token",
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    body: ConfirmEmailBody,
    response: ok,
  },
  deleteMe: {
    ...apiPaths.deleteMe,
    summary: 'He deletes his own account (password to confirm): personal data anonymised, the ledger kept',
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    body: DeleteAccountBody,
    response: ok,
    secondFactor: 'fresh',
  },
  checkDeleteMe: {
    ...apiPaths.checkDeleteMe,
    summary: 'Before he deletes his account: checks his password and says the auracoin the deletion loses',
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    body: DeleteAccountBody,
    response: z.object({
      /** his balance: what the deletion takes away for good (auracoin are never paid back) */
      auracoinBalance: z.number(),
    }),
    secondFactor: 'fresh',
  },
  exportMe: {
    ...apiPaths.exportMe,
    summary:
      'His data as JSON: profile, purchases, ledger, messages, aliases, tips, room lines, sessions, ratings and card payments in euros',
    tag: 'accounts',
    refusals: ['invalid_token'],
    response: AccountExport,
  },
  devOutbox: {
    ...apiPaths.devOutbox,
    summary: 'Mail written to DATA_DIR/outbox, newest first (development only: 404 in production)',
    tag: 'accounts',
    refusals: ['invalid_token'],
    response: z.object({ messages: z.array(OutboxMessage) }),
  },
  register: {
    ...apiPaths.register,
    summary: 'Register a user (10 welcome auracoin)',
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    body: RegisterBody,
    response: UserView,
    status: 201,
  },
  login: {
    ...apiPaths.login,
    summary: 'Sign in with username or email',
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    body: LoginBody,
    response: UserView,
  },
  logout: {
    ...apiPaths.logout,
    summary: 'End the session',
    tag: 'accounts',
    refusals: moduleRefusals.accounts,
    response: z.object({ ok: z.literal(true) }),
    secondFactor: 'none',
  },
  me: {
    ...apiPaths.me,
    summary: 'The signed-in user',
    tag: 'accounts',
    refusals: ['invalid_token'],
    response: UserView,
  },
  getUser: {
    ...apiPaths.getUser,
    summary: 'A user record (own, or any for admins)',
    tag: 'users',
    refusals: [],
    params: IdParam,
    response: UserView,
  },
} as const satisfies Record<string, RouteContract>;
