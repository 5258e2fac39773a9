import { WrongExpectedRevisionError } from './port';

/**
 * The one retry policy for version conflicts: when another writer appended first, read again and
 * decide again, up to this many attempts, with a short random pause that grows a little each time
 * so a crowd of writers (a hundred commands on one stream) spreads out. Deciding again is always
 * safe: deciders are pure and see the fresh state.
 */
export const CONFLICT_ATTEMPTS = 200;

export async function retryOnConflict<T>(attempt: (attemptNumber: number) => Promise<T>): Promise<T> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    try {
      return await attempt(attemptNumber);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attemptNumber >= CONFLICT_ATTEMPTS) throw error;
      if (attemptNumber > 1)
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20, attemptNumber)));
    }
  }
}
