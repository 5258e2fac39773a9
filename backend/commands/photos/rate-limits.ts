import { MINUTE, type Limit } from '../../platform/config/rate-limits';

/** The photo shop's rate limit and its default (docs/architecture.md#rate-limits). */
export const photoRateLimits = {
  /** photo purchases per user */
  photoPurchase: { max: 30, windowMs: 10 * MINUTE },
} satisfies Record<string, Limit>;
