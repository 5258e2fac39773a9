import { MINUTE, type Limit } from '../../platform/config/rate-limits';

/** The chat's rate limits and their defaults (docs/architecture.md#rate-limits). */
export const chatRateLimits = {
  /** conversations started per user */
  conversation: { max: 30, windowMs: 10 * MINUTE },
  /** messages per sending identity (user, alias or performer) and conversation */
  message: { max: 30, windowMs: MINUTE },
  /** messages per account, over all its conversations */
  messageAccount: { max: 60, windowMs: MINUTE },
  /** 'sta scrivendo…' signals per account and conversation (over the limit: dropped silently) */
  typing: { max: 90, windowMs: MINUTE },
} satisfies Record<string, Limit>;
