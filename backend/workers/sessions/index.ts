import { addMetricSource } from '../../platform/metrics/metrics';
import type { ModulePorts, WorkerSide } from '../../kernel/module';
import { privateSpyCommands, sessionClock, sessionCommands } from '../../commands/sessions';
import { scheduleSessionTick } from '../../commands/sessions/clock';
import { createSessionQueries } from '../../projections/sessions/queries';
import { sessionSweeper, sessionTickJob } from './jobs';
import { frozenWalletSessionsReaction } from './reactions';
import { spiesLeaveReaction } from '../../commands/sessions/spy';
import { spyTickJob } from './spy-jobs';

/** The session clock: every minute billed on time, sessions ended when they must (the ledger credits her share). */
export function sessionsWorkers(ports: ModulePorts) {
  const commands = sessionCommands(ports);
  const spies = privateSpyCommands(ports);
  const queries = createSessionQueries(ports.readModels);
  let removeMetrics: (() => void) | undefined;
  const sweeper = sessionSweeper({
    queries,
    commands,
    schedule: scheduleSessionTick(ports.jobs, ports.clock.now),
    clock: sessionClock(ports),
    time: ports.clock,
    logger: ports.logger,
  });
  return {
    name: 'sessions',
    reactions: [frozenWalletSessionsReaction(commands, queries), spiesLeaveReaction(spies)],
    jobs: [sessionTickJob(commands), spyTickJob(spies)],
    start: () => {
      removeMetrics ??= addMetricSource('sessions', () => queries.runningCount());
      return sweeper.start();
    },
    stop: () => {
      removeMetrics?.();
      return sweeper.stop();
    },
  } satisfies WorkerSide;
}
