import { z } from 'zod';
import { paidWith } from './wallet';

/**
 * Private video sessions. A session's status lives on `session-<id>`; its money lives on the
 * user's wallet (`wallet-<userId>`): the minimum held at the request, one `SessionMinuteBilled` +
 * `AuracoinDebited` per started minute, and at the end `SessionSettled` + `AuracoinReleased`. A
 * performer takes one session at a time through her booth stream (`session-booth-<performerId>`).
 */
export const sessionStreams = {
  session: (sessionId: string) => `session-${sessionId}`,
  booth: (performerId: string) => `session-booth-${performerId}`,
} as const;

export const sessionParties = ['user', 'performer'] as const;
export type SessionParty = (typeof sessionParties)[number];

/**
 * Why a session ended: a party ended it, the next minute could not be paid, a party's connection
 * stayed away past the grace period, or the user withdrew the request before an answer.
 */
export const sessionEndReasons = [
  'user_ended',
  'performer_ended',
  'balance_exhausted',
  'user_disconnected',
  'performer_disconnected',
  'cancelled',
] as const;
export type SessionEndReason = (typeof sessionEndReasons)[number];

/** The user asks for a session; the rate and the billing minute are fixed here. */
export const SessionRequested = z.object({
  sessionId: z.string().uuid(),
  userId: z.string().uuid(),
  /** the alias the user meets her as, or null for the real name */
  aliasId: z.string().uuid().nullable(),
  /** the only id the performer ever sees for the user: aliasId ?? userId */
  identityId: z.string().uuid(),
  /** the identity's name as the performer sees it (username or aliasName) */
  displayName: z.string(),
  performerId: z.string().uuid(),
  /** minor units per minute, fixed for the whole session */
  rateUnits: z.number().int().positive(),
  minimumMinutes: z.number().int().positive(),
  /** the minimum held on the wallet: rate × minimum minutes */
  holdUnits: z.number().int().positive(),
  /** one billed minute, ms (60,000 unless the clock is shortened) */
  billingMinuteMs: z.number().int().positive(),
  /** spies may watch her video at this price a minute, minor units (absent: no spies); he saw it before asking */
  spyPriceUnits: z.number().int().positive().optional(),
  requestedAt: z.string(),
  /** unanswered by then, the request expires */
  expiresAt: z.string(),
});

export const SessionDeclined = z.object({
  sessionId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** 'declined': she said no; 'busy': she accepted someone else meanwhile */
  reason: z.enum(['declined', 'busy']),
  declinedAt: z.string(),
});

export const SessionExpired = z.object({ sessionId: z.string().uuid(), expiredAt: z.string() });

/** She accepted: the session runs, minute 1 starts now. */
export const SessionStarted = z.object({
  sessionId: z.string().uuid(),
  performerId: z.string().uuid(),
  startedAt: z.string(),
});

/**
 * A party's connection is gone since `at` (its socket dropped, or nobody could vouch for it when a
 * minute started): minutes starting from `at` wait; past the grace period the session ends at `at`.
 */
export const SessionPartyLeft = z.object({
  sessionId: z.string().uuid(),
  party: z.enum(sessionParties),
  at: z.string(),
  cause: z.enum(['disconnected', 'unconfirmed']),
  /**
   * When the server found the party gone, when later than `at`: a restarted process finds the pages
   * gone only once it is up again. Minutes stop at `at`; the grace period runs from here, so pages
   * that come back right after a restart find their session still running.
   */
  noticedAt: z.string().optional(),
});

/** The party is back within the grace period: the session goes on, waiting minutes are billed. */
export const SessionPartyReturned = z.object({
  sessionId: z.string().uuid(),
  party: z.enum(sessionParties),
  at: z.string(),
});

/** The session is over (who, when, minutes, cost, why), as settled on the wallet. */
export const SessionEnded = z.object({
  sessionId: z.string().uuid(),
  performerId: z.string().uuid(),
  endedBy: z.enum(['user', 'performer', 'system']),
  reason: z.enum(sessionEndReasons),
  endedAt: z.string(),
  /** minutes started (and billed) while it ran */
  minutesBilled: z.number().int().nonnegative(),
  /** everything charged, minor units (minutes, plus the rest of the minimum when the user left early) */
  costUnits: z.number().int().nonnegative(),
});

/** The user of a paid private session rated it (once, on the session's stream). */
export const SessionRated = z.object({
  sessionId: z.string().uuid(),
  performerId: z.string().uuid(),
  userId: z.string().uuid(),
  /** 1 to 5 */
  stars: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  ratedAt: z.string(),
});

/** On the user's wallet, before its AuracoinDebited: one started minute, exactly once (fixed event ids). */
export const SessionMinuteBilled = z.object({
  sessionId: z.string().uuid(),
  walletId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** 1-based */
  minute: z.number().int().positive(),
  /** minor units: the session's rate */
  amount: z.number().int().positive(),
  minuteStartedAt: z.string(),
  /** the session's cost after this minute, minor units */
  sessionCostUnits: z.number().int().positive(),
  /** the wallet cannot pay the minute after this one: 'Ti resta 1 minuto' */
  lastMinute: z.boolean(),
  ...paidWith,
  /** the session's purchased units after this minute: its share is rounded once over them */
  sessionPurchasedUnits: z.number().int().nonnegative().optional(),
  billedAt: z.string(),
});

/**
 * On the user's wallet, before its AuracoinDebited: the user left before the minimum (ended, closed the
 * page, did not come back), the rest of it is charged.
 */
export const SessionMinimumCharged = z.object({
  sessionId: z.string().uuid(),
  walletId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** minimum minutes not started */
  minutes: z.number().int().positive(),
  amount: z.number().int().positive(),
  sessionCostUnits: z.number().int().positive(),
  ...paidWith,
  sessionPurchasedUnits: z.number().int().nonnegative().optional(),
  chargedAt: z.string(),
});

/** On the user's wallet, before the hold's AuracoinReleased: the session's money is final. */
export const SessionSettled = z.object({
  sessionId: z.string().uuid(),
  walletId: z.string().uuid(),
  /** null only for a hold whose request was never recorded (a crash in between) */
  performerId: z.string().uuid().nullable(),
  /** null when the session never started (declined, expired, withdrawn, or a request cut short by a crash) */
  endedBy: z.enum(['user', 'performer', 'system']).nullable(),
  reason: z.enum([...sessionEndReasons, 'declined', 'expired', 'abandoned']),
  endedAt: z.string(),
  minutesBilled: z.number().int().nonnegative(),
  costUnits: z.number().int().nonnegative(),
  settledAt: z.string(),
});

/** The performer's booth (one session at a time): taken on acceptance, freed when the session is over. */
export const SessionBoothTaken = z.object({
  performerId: z.string().uuid(),
  sessionId: z.string().uuid(),
  at: z.string(),
});
export const SessionBoothFreed = z.object({
  performerId: z.string().uuid(),
  sessionId: z.string().uuid(),
  at: z.string(),
});

export const sessionsEvents = {
  SessionRequested,
  SessionDeclined,
  SessionExpired,
  SessionStarted,
  SessionPartyLeft,
  SessionPartyReturned,
  SessionEnded,
  SessionRated,
  SessionMinuteBilled,
  SessionMinimumCharged,
  SessionSettled,
  SessionBoothTaken,
  SessionBoothFreed,
} as const;
