import type { ModulePorts, ReadSide } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { statisticsEventTypes, statisticsProjection } from './projection';
import { createStatisticsQueries } from './queries';
import { statisticsQueryRouter } from './query-routes';

/** The console's live statistics: counters per user, performer, package and Italian day. */
export function statisticsReadSide(ports: ModulePorts) {
  const counted = new Set<string>(statisticsEventTypes);
  return {
    name: 'statistics',
    projections: [statisticsProjection],
    routers: [
      statisticsQueryRouter({
        sessions: ports.sessions,
        statistics: createStatisticsQueries(ports.readModels, ports.clock.now),
      }),
    ],
    /** the statistics tab refetches whenever its read model has moved */
    async pushes(events: RecordedEvent[]) {
      if (events.some((event) => counted.has(event.type)))
        ports.realtime.toAdmins('readmodel:changed', { model: 'statistics' });
    },
  } satisfies ReadSide;
}
