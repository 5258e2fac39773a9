import type { ModulePorts, ReadSide } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { earningsProjection } from './projection';
import { earningsQueryRouter } from './query-routes';

/** Performers' earnings (55% of what they sell) per day, from `earnings-<performerId>`. */
export function earningsReadSide(ports: ModulePorts) {
  return {
    name: 'earnings',
    projections: [earningsProjection],
    routers: [earningsQueryRouter({ ...ports, now: ports.clock.now })],
    /** her dashboard's earnings chart refetches */
    async pushes(events: RecordedEvent[]) {
      for (const event of events) {
        if (event.type === 'PerformerEarningsCredited')
          ports.realtime.toPerformer(event.data.performerId, 'readmodel:changed', {
            model: 'earnings',
            id: event.data.performerId,
          });
      }
    },
  } satisfies ReadSide;
}
