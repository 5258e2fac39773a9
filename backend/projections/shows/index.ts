import type { ModulePorts, ReadSide } from '../../kernel/module';
import { showMessagesProjection, showsProjection, showStagesProjection, showTipsProjection } from './projection';
import { showPushes } from './pushes';
import { createShowQueries } from './queries';
import { showsQueryRouter } from './query-routes';

export interface ShowsReadDeps {
  performers: { nameOf(performerId: string): Promise<string | null> };
}

/** Public shows as read: the live ones, a show's room (goal, tips, chat), her summaries. */
export function showsReadSide(ports: ModulePorts, deps: ShowsReadDeps) {
  const shows = createShowQueries(ports.readModels, {
    viewersOf: ports.presence.viewersOf,
    nameOf: deps.performers.nameOf,
    now: ports.clock.now,
  });
  return {
    name: 'shows',
    projections: [showsProjection, showStagesProjection, showMessagesProjection, showTipsProjection],
    routers: [showsQueryRouter({ sessions: ports.sessions, shows })],
    pushes: showPushes({ shows, realtime: ports.realtime }),
    shows,
    queries: {
      /** the show she is on now (live or paused), if any */
      async liveShowOf(performerId: string) {
        const stage = await shows.stage(performerId);
        return stage?.currentShowId ? shows.byId(stage.currentShowId) : null;
      },
    },
  } satisfies ReadSide & Record<string, unknown>;
}
