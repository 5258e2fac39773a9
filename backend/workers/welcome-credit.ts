import { creditWelcomeBonus } from '../commands/accounts/register';
import type { EventStore } from '../platform/eventstore/port';
import type { JobQueue } from '../platform/jobs/port';

export const WELCOME_CREDIT_JOB = 'accounts.welcome-credit';

export type WelcomeCreditJob = { userId: string; causationId: string };

/** Appends a user's welcome credit; idempotent by its fixed event id, retried with backoff when the store is unreachable. */
export function registerWelcomeCreditJob(jobs: JobQueue, eventStore: EventStore, now: () => Date) {
  jobs.register<WelcomeCreditJob>(WELCOME_CREDIT_JOB, async ({ userId, causationId }) => {
    await creditWelcomeBonus({ eventStore, now }, userId, { causationId });
  });
}

export const welcomeCreditJobOptions = (userId: string) => ({
  jobId: `welcome-credit-${userId}`,
  attempts: 8,
  backoff: { type: 'exponential' as const, delayMs: 500 },
});
