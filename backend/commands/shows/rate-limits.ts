import { MINUTE, type Limit } from '../../platform/config/rate-limits';

/** The public shows' rate limits and their defaults (docs/architecture.md#rate-limits). */
export const showRateLimits = {
  /** room-chat lines of a public show per account and show */
  showMessage: { max: 20, windowMs: MINUTE },
  /** tips per user (over every show) */
  showTip: { max: 60, windowMs: MINUTE },
} satisfies Record<string, Limit>;
