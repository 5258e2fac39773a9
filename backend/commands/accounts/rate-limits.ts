import { MINUTE, type Limit } from '../../platform/config/rate-limits';

/** The accounts' own rate limit and its default (registration and sign-ins are the doors': platform/http/rate-limit.ts). */
export const accountRateLimits = {
  /** reset links and email-change links asked for, per client address */
  accountMail: { max: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;
