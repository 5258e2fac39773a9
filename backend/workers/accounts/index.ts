import type { ModulePorts, WorkerSide } from '../../kernel/module';
import { USERS, type UserDoc } from '../../projections/accounts/projection';
import { WELCOME_CREDIT_JOB, welcomeCreditJob, welcomeCreditJobOptions, type WelcomeCreditJob } from './jobs';
import { releaseDeletedUserClaims, welcomeCreditReaction } from './reactions';

/** Recovery of registrations and deletions cut short: the welcome credit, a deleted user's names. */
export function accountsWorkers(ports: ModulePorts) {
  /** the welcome credit is in the log already (the users read model saw it) */
  const isCredited = async (userId: string) =>
    (await ports.readModels.collection<UserDoc>(USERS).findOne({ _id: userId }))?.welcomeCredited === true;
  return {
    name: 'accounts',
    reactions: [
      // in one process the users projection runs before the reaction in a batch: a credit in the same batch needs no job
      welcomeCreditReaction(async (userId, causationId) => {
        if (!(await isCredited(userId)))
          await ports.jobs.enqueue<WelcomeCreditJob>(
            WELCOME_CREDIT_JOB,
            { userId, causationId },
            welcomeCreditJobOptions(userId),
          );
      }),
      releaseDeletedUserClaims(ports.eventStore, ports.clock.now),
    ],
    jobs: [welcomeCreditJob({ ...ports, now: ports.clock.now, isCredited })],
  } satisfies WorkerSide;
}
