import { MINUTE, type Limit } from '../../platform/config/rate-limits';

/** The uploads' rate limit and its default (docs/architecture.md#rate-limits). */
export const fileRateLimits = {
  /** file uploads (documents, photos) per client address */
  upload: { max: 60, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;
