import { expireGoals, GOAL_DEADLINE_JOB } from '../../commands/shows';
import { jobProcessor, type ModulePorts, type WorkerSide } from '../../kernel/module';
import { showPrivateReaction, tipEarningsReaction, tipGoalsReaction } from './reactions';

/** Tips credit her share and fill the goals; a private session pauses her show; a goal's deadline ends it unmet. */
export function showsWorkers(ports: ModulePorts) {
  return {
    name: 'shows',
    reactions: [
      tipEarningsReaction(ports.eventStore),
      tipGoalsReaction(ports.eventStore, ports.clock.now),
      showPrivateReaction(ports.eventStore, ports.clock.now),
    ],
    jobs: [
      jobProcessor<{ showId: string }>(
        GOAL_DEADLINE_JOB,
        async ({ showId }) => void (await expireGoals(ports.eventStore, showId, ports.clock.now)),
      ),
    ],
  } satisfies WorkerSide;
}
