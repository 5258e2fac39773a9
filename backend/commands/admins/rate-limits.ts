import { MINUTE, type Limit } from '../../platform/config/rate-limits';

/** The admins' rate limit and its default (docs/architecture.md#rate-limits). */
export const adminRateLimits = {
  /** second-factor codes an admin tries (confirming enrolment, signing money actions), per admin */
  mfaCode: { max: 20, windowMs: 15 * MINUTE },
} satisfies Record<string, Limit>;
