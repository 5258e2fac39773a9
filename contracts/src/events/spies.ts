import { z } from 'zod';
import { paidWith } from './wallet';

/**
 * Spies on a private session (docs/architecture.md#spies): who watches her video during which
 * private lives on `session-spies-<sessionId>` (one stream per private: one watch per user at a
 * time, all of them ended with it); a spy's money lives on his wallet, one `SpyMinuteBilled` +
 * `AuracoinDebited` per minute he owes.
 */
export const spyStreams = {
  spies: (sessionId: string) => `session-spies-${sessionId}`,
} as const;

export const spyEndReasons = ['left', 'session_ended', 'balance_exhausted'] as const;
export type SpyEndReason = (typeof spyEndReasons)[number];

/** A user started watching her video in a private; the price and the minute are fixed here. */
export const SpyStarted = z.object({
  spyId: z.string().uuid(),
  sessionId: z.string().uuid(),
  performerId: z.string().uuid(),
  userId: z.string().uuid(),
  /** minor units per minute (the private's spy price) */
  priceUnits: z.number().int().positive(),
  billingMinuteMs: z.number().int().positive(),
  /** the free start: minute 1 is owed only once he watched this long */
  freeMs: z.number().int().nonnegative(),
  /** the Idempotency-Key he started with: the same key gives back this watch */
  idempotencyKey: z.string(),
  startedAt: z.string(),
});

/** The watch is over (he left, the private ended, or his balance could not pay a minute): its money is final. */
export const SpyEnded = z.object({
  spyId: z.string().uuid(),
  sessionId: z.string().uuid(),
  userId: z.string().uuid(),
  reason: z.enum(spyEndReasons),
  endedAt: z.string(),
  minutesBilled: z.number().int().nonnegative(),
  costUnits: z.number().int().nonnegative(),
});

/** On the spy's wallet, before its AuracoinDebited (reason 'spy', reference the spy id): one minute, once (fixed ids). */
export const SpyMinuteBilled = z.object({
  spyId: z.string().uuid(),
  sessionId: z.string().uuid(),
  walletId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** 1-based */
  minute: z.number().int().positive(),
  /** minor units: the spy price */
  amount: z.number().int().positive(),
  /** when the minute became owed: minute 1 after the free start, each next one at its start */
  owedFrom: z.string(),
  ...paidWith,
  billedAt: z.string(),
});

export const spiesEvents = { SpyStarted, SpyEnded, SpyMinuteBilled } as const;
