import { z } from 'zod';
import { sessionParties } from './sessions';
import { paidWith } from './wallet';

/**
 * Inside a private session: its two parties write lines to each other, and the user tips her
 * (issue 40 item 5). A line is on the session's own stream (`session-<id>`), after whatever the
 * session got before it: none once it ended. A tip is a sale on the user's wallet, appended right
 * before its `AuracoinDebited`, and only while the session's hold is open (its money not settled).
 */

/** A line one party wrote to the other, as the session shows its writer (his identity's name, her name). */
export const SessionMessagePosted = z.object({
  sessionId: z.string().uuid(),
  messageId: z.string().uuid(),
  party: z.enum(sessionParties),
  /** the user's identity's name (his alias when he chose one), or hers */
  displayName: z.string(),
  text: z.string(),
  postedAt: z.string(),
});

/** On the user's wallet, before its AuracoinDebited: a tip to her inside the session (her 55% of its purchased part). */
export const SessionTipped = z.object({
  sessionId: z.string().uuid(),
  tipId: z.string().uuid(),
  walletId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** who tipped, as she knows him: aliasId ?? userId, and its name */
  identityId: z.string().uuid(),
  displayName: z.string(),
  amountUnits: z.number().int().positive(),
  ...paidWith,
  tippedAt: z.string(),
});

export const sessionTalkEvents = { SessionMessagePosted, SessionTipped } as const;
