import { expireGoals, GOAL_DEADLINE_JOB } from '../../commands/shows';
import { jobProcessor, type ModulePorts, type WorkerSide } from '../../kernel/module';
import { showPrivateReaction, tipGoalsReaction } from './reactions';
import { ticketShowEndReaction, ticketShowStartJob } from './ticket-shows';

/** Tips fill the goals (the ledger credits her share); a private session pauses her show; a goal's deadline ends it unmet. */
export function showsWorkers(ports: ModulePorts) {
  return {
    name: 'shows',
    reactions: [
      tipGoalsReaction(ports.eventStore, ports.clock.now),
      showPrivateReaction(ports.eventStore, ports.clock.now),
      ticketShowEndReaction(ports),
    ],
    jobs: [
      jobProcessor<{ showId: string }>(
        GOAL_DEADLINE_JOB,
        async ({ showId }) => void (await expireGoals(ports.eventStore, showId, ports.clock.now)),
      ),
      ticketShowStartJob(ports),
    ],
  } satisfies WorkerSide;
}
