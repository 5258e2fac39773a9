import { z } from 'zod';
import { paidWith } from './wallet';

/** Stream names of public shows (docs/architecture.md#shows). */
export const showStreams = {
  /** her stage: which show is live, paused or ended, her tip menu, who is banned from her room */
  stage: (performerId: string) => `show-stage-${performerId}`,
  /** one show's room: tips accepted and its close, goals, tips counted towards them, mutes, deleted lines */
  show: (showId: string) => `show-${showId}`,
  /** one line of a room's chat */
  message: (messageId: string) => `show-message-${messageId}`,
} as const;

export const showEndReasons = ['performer', 'admin', 'media_failed'] as const;

/** She went live with a title. */
export const ShowStarted = z.object({
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  title: z.string(),
  startedAt: z.string(),
});
/** She changed her live show's title. */
export const ShowRetitled = z.object({
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  title: z.string(),
  retitledAt: z.string(),
});
/** She went into a private session: the show waits ('In privato'). */
export const ShowPaused = z.object({
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  sessionId: z.string().uuid().nullable(),
  pausedAt: z.string(),
});
export const ShowResumed = z.object({
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  resumedAt: z.string(),
});
/** The show is over; `peakViewers`: the most viewers it had at once. */
export const ShowEnded = z.object({
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  reason: z.enum(showEndReasons),
  peakViewers: z.number().int().nonnegative(),
  endedAt: z.string(),
});

/** Her tip menu as she set it (replaces the one before). */
export const TipMenuSet = z.object({
  performerId: z.string().uuid(),
  items: z.array(z.object({ id: z.string().uuid(), label: z.string(), priceUnits: z.number().int().positive() })),
  setAt: z.string(),
});

/** An identity (and the account behind it, never shown to her) may not watch nor write in her room. */
export const ShowRoomBanned = z.object({
  performerId: z.string().uuid(),
  identityId: z.string().uuid(),
  userId: z.string().uuid(),
  bannedBy: z.string(),
  at: z.string(),
});
export const ShowRoomUnbanned = z.object({
  performerId: z.string().uuid(),
  identityId: z.string().uuid(),
  at: z.string(),
});

/** A goal for the show; queued behind the running one, if any. */
export const ShowGoalSet = z.object({
  showId: z.string().uuid(),
  goalId: z.string().uuid(),
  description: z.string(),
  targetUnits: z.number().int().positive(),
  deadline: z.string().nullable(),
  setAt: z.string(),
});
/** A tip counted towards the running goal (exactly once per tip). */
export const ShowTipCounted = z.object({
  showId: z.string().uuid(),
  tipId: z.string().uuid(),
  amountUnits: z.number().int().positive(),
  countedAt: z.string(),
});
/**
 * A tip accepted in the show's room before it is paid (issue 38 item 5): tips and the end are
 * ordered by the room's stream, so a tip accepted before the room closed has `tippedAt` no later
 * than its `closedAt`, and none is accepted after. Not money: the charge is the wallet's ShowTipped.
 */
export const ShowTipAccepted = z.object({
  showId: z.string().uuid(),
  tipId: z.string().uuid(),
  walletId: z.string().uuid(),
  amountUnits: z.number().int().positive(),
  tippedAt: z.string(),
});
/** The show's room takes no more tips: written right before her stage's ShowEnded, which takes `closedAt` as `endedAt`. */
export const ShowRoomClosed = z.object({
  showId: z.string().uuid(),
  closedAt: z.string(),
});
/** The running goal reached its target; `surplusUnits` carry over to the next queued goal. */
export const ShowGoalReached = z.object({
  showId: z.string().uuid(),
  goalId: z.string().uuid(),
  surplusUnits: z.number().int().nonnegative(),
  reachedAt: z.string(),
});
/** The running goal's deadline passed before its target: it ends unmet (the tips stay hers). */
export const ShowGoalExpired = z.object({
  showId: z.string().uuid(),
  goalId: z.string().uuid(),
  progressUnits: z.number().int().nonnegative(),
  expiredAt: z.string(),
});

export const ShowIdentityMuted = z.object({
  showId: z.string().uuid(),
  identityId: z.string().uuid(),
  mutedBy: z.string(),
  at: z.string(),
});
export const ShowMessageDeleted = z.object({
  showId: z.string().uuid(),
  messageId: z.string().uuid(),
  deletedBy: z.string(),
  at: z.string(),
});

/** A line of a room's chat, by an identity (`userId` stays on the server). */
export const ShowMessagePosted = z.object({
  messageId: z.string().uuid(),
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** the performer's own line: her id; a user's: their identity */
  identityId: z.string().uuid(),
  userId: z.string().uuid().nullable(),
  displayName: z.string(),
  senderType: z.enum(['user', 'performer', 'admin']),
  content: z.string().min(1),
  postedAt: z.string(),
});

/** A tip to a live show; on the tipper's wallet, right before its AuracoinDebited (reason 'tip'). Final. */
export const ShowTipped = z.object({
  tipId: z.string().uuid(),
  walletId: z.string().uuid(),
  showId: z.string().uuid(),
  performerId: z.string().uuid(),
  identityId: z.string().uuid(),
  displayName: z.string(),
  amountUnits: z.number().int().positive(),
  message: z.string().nullable(),
  menuItemId: z.string().uuid().nullable(),
  menuItemLabel: z.string().nullable(),
  ...paidWith,
  tippedAt: z.string(),
});

export const showsEvents = {
  ShowStarted,
  ShowRetitled,
  ShowPaused,
  ShowResumed,
  ShowEnded,
  TipMenuSet,
  ShowRoomBanned,
  ShowRoomUnbanned,
  ShowGoalSet,
  ShowTipCounted,
  ShowTipAccepted,
  ShowRoomClosed,
  ShowGoalReached,
  ShowGoalExpired,
  ShowIdentityMuted,
  ShowMessageDeleted,
  ShowMessagePosted,
  ShowTipped,
} as const;
