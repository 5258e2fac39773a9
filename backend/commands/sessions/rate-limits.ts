import { MINUTE, type Limit } from '../../platform/config/rate-limits';

/** The private sessions' rate limits and their defaults (docs/architecture.md#rate-limits). */
export const sessionRateLimits = {
  /** private-session requests per user (each rings a performer) */
  sessionRequest: { max: 10, windowMs: 10 * MINUTE },
  /** private-session requests a user cancels (ending one still ringing); ending a running session is never limited */
  sessionCancel: { max: 20, windowMs: 10 * MINUTE },
  /** lines inside a running private session per account and session (as a public show's room chat) */
  sessionMessage: { max: 20, windowMs: MINUTE },
  /** tips inside private sessions per user (as a public show's tips) */
  sessionTip: { max: 60, windowMs: MINUTE },
} satisfies Record<string, Limit>;
