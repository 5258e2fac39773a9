import type { ModulePorts, ReadSide } from '../../kernel/module';
import { publicFileUrl } from '../../platform/files/links';
import { showThumbnailKey } from '../../platform/files/show-thumbnails';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import {
  SHOW_MESSAGES,
  SHOWS,
  showMessagesProjection,
  showsProjection,
  showStagesProjection,
  showTippersProjection,
  showTipsProjection,
} from './projection';
import { showPushes } from './pushes';
import { createShowQueries } from './queries';
import { showsQueryRouter } from './query-routes';

export interface ShowsReadDeps {
  performers: { nameOf(performerId: string): Promise<string | null> };
  /** shows and room lines hidden by a report or a moderation decision (the moderation module's) */
  hiddenIds?(kind: 'show' | 'show_message'): Promise<ReadonlySet<string>>;
  /** one show hidden so (the moderation module's) */
  isHidden?(kind: 'show', showId: string): Promise<boolean>;
  /** private sessions running now, for the admins' live monitoring (the sessions module's) */
  privateSessionsRunning?(): Promise<number>;
}

/** Public shows as read: the live ones, a show's room (goal, tips, chat), her summaries. */
export function showsReadSide(ports: ModulePorts, deps: ShowsReadDeps) {
  const shows = createShowQueries(ports.readModels, {
    viewersOf: ports.presence.viewersOf,
    nameOf: deps.performers.nameOf,
    thumbnailOf: async (showId) => {
      const fileId = await ports.kv.get(showThumbnailKey(showId));
      return fileId ? publicFileUrl(fileId) : null;
    },
    now: ports.clock.now,
    hiddenIds: deps.hiddenIds,
  });
  const settled = settledOn(ports.readModels, SHOWS);
  return {
    name: 'shows',
    projections: [
      showsProjection,
      showStagesProjection,
      showMessagesProjection,
      showTipsProjection,
      showTippersProjection,
    ],
    routers: [
      showsQueryRouter({
        sessions: ports.sessions,
        shows,
        privateSessionsRunning: deps.privateSessionsRunning,
        isHidden: deps.isHidden && ((showId) => deps.isHidden!('show', showId)),
      }),
    ],
    pushes: showPushes({ shows, realtime: ports.realtime }),
    queries: {
      /** the show she is on now (live or paused), if any */
      async liveShowOf(performerId: string) {
        const stage = await shows.stage(performerId);
        return stage?.currentShowId ? shows.byId(stage.currentShowId) : null;
      },
      /** the id of the show she is on now (live or paused), if any */
      currentShowOf: async (performerId: string) => (await shows.stage(performerId))?.currentShowId ?? null,
      /** a show as listed: whose, and live, paused or ended (null: not known yet) */
      show: shows.byId,
      /** the show's view with her summary, once the shows read model has applied `position` (read-your-writes) */
      summaryAfter: viewAfter(settled, shows.byId, (doc) => shows.view(doc, { summary: true })),
      /** whose a show is (null: unknown) */
      async showSubject(showId: string) {
        const doc = await shows.byId(showId);
        return doc ? { subjectKind: 'performer' as const, subjectId: doc.performerId } : null;
      },
      /** whose a room line is: hers, or the user's who wrote it (null: unknown, deleted, or an admin's) */
      async messageSubject(messageId: string) {
        const doc = await shows.message(messageId);
        if (!doc || doc.deleted) return null;
        if (doc.senderType === 'performer') return { subjectKind: 'performer' as const, subjectId: doc.performerId };
        return doc.senderType === 'user' && doc.userId ? { subjectKind: 'user' as const, subjectId: doc.userId } : null;
      },
      /** the account behind an identity that wrote or tipped in her rooms (kept on the server, never shown) */
      accountOf: shows.accountOf,
      /** his tips and room lines (his data export) */
      ofUser: shows.ofUser,
      /** waits until the room lines' read model has applied `position` */
      settledMessages: settledOn(ports.readModels, SHOW_MESSAGES),
    },
  } satisfies ReadSide & Record<string, unknown>;
}
