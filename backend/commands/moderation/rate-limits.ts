import { MINUTE, type Limit } from '../../platform/config/rate-limits';

/** The report form's rate limit and its default (docs/architecture.md#rate-limits). */
export const moderationRateLimits = {
  /** reports per account, or per address for visitors */
  report: { max: 10, windowMs: 10 * MINUTE },
} satisfies Record<string, Limit>;
