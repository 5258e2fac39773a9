import { jobProcessor } from '../../kernel/module';
import { SPY_TICK_JOB, type SpyCommands, type SpyTickJob } from '../../commands/sessions/spy';

/** A spy's clock: every moment of a watch (a minute owed, a recheck while the private waits) runs its tick. */
export const spyTickJob = (spies: SpyCommands) =>
  jobProcessor<SpyTickJob>(SPY_TICK_JOB, async ({ sessionId, spyId }) => {
    await spies.tick(sessionId, spyId);
  });
