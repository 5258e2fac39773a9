import type { ModulePorts, WorkerSide } from '../../platform/module';
import { sessionClock, sessionCommands } from '../../commands/sessions';
import { scheduleSessionTick } from '../../commands/sessions/clock';
import { createSessionQueries } from '../../projections/sessions/queries';
import { sessionSweeper, sessionTickJob } from './jobs';
import { sessionEarningsReaction } from './reactions';

/** The session clock: every minute billed on time, sessions ended when they must; her share credited per minute. */
export function sessionsWorkers(ports: ModulePorts) {
  const commands = sessionCommands(ports);
  const sweeper = sessionSweeper({
    queries: createSessionQueries(ports.readModels),
    commands,
    schedule: scheduleSessionTick(ports.jobs, ports.now),
    clock: sessionClock(ports),
    now: ports.now,
    logger: ports.logger,
  });
  return {
    name: 'sessions',
    reactions: [sessionEarningsReaction(ports.eventStore)],
    jobs: [sessionTickJob(commands)],
    start: () => sweeper.start(),
    stop: () => sweeper.stop(),
  } satisfies WorkerSide;
}
