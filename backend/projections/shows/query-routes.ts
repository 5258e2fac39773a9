import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { blurredImageUrl } from '../../platform/age/blurred';
import { notFound } from '../../platform/http/errors';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import { toMenuView, type ShowQueries } from './queries';
import type { ShowDoc } from './projection';

/** Her own show, or an admin: who sees a show whole (its summary, who tipped, and when it is hidden). */
const seesAllOf = (caller: Principal | undefined, doc: ShowDoc) =>
  caller?.kind === 'admin' || (caller?.kind === 'performer' && caller.sub === doc.performerId);

export function showsQueryRouter(deps: {
  sessions: SessionManager;
  shows: ShowQueries;
  /** private sessions running now (the sessions module's count) */
  privateSessionsRunning?(): Promise<number>;
  /** a show hidden by a report or a moderation decision (the moderation module's): only she and admins see it */
  isHidden?(showId: string): Promise<boolean>;
}): Router {
  const router = new Router();
  const { shows } = deps;
  // hidden means hidden (issue 39 item 3): to anyone else a hidden show is not there, as a hidden profile
  const showOf = async (showId: string, caller: Principal | undefined) => {
    const doc = await shows.byId(showId);
    if (!doc) throw notFound();
    if (!seesAllOf(caller, doc) && (await deps.isHidden?.(showId))) throw notFound();
    return doc;
  };

  // a visitor without the age proof sees a blurred stand-in of each live frame (issue 39 item 2, issue 40 item 1)
  mountRoute(router, deps.sessions, apiRoutes.listShows, async (ctx, _input, caller) => {
    const live = await shows.live();
    if (await deps.sessions.ageVerified(ctx.headers.cookie, caller)) return live;
    return live.map((show) => ({ ...show, thumbnailUrl: show.thumbnailUrl && blurredImageUrl(show.thumbnailUrl) }));
  });

  // the admins' live monitoring (issue 39 item 6): what runs now, unblurred and hidden ones included
  mountRoute(router, deps.sessions, apiRoutes.adminLive, async () => ({
    shows: await shows.monitored(),
    privateSessions: (await deps.privateSessionsRunning?.()) ?? 0,
  }));

  mountRoute(router, deps.sessions, apiRoutes.getShow, async (_ctx, { params }, caller) => {
    const doc = await showOf(params.id, caller);
    return shows.view(doc, { summary: seesAllOf(caller, doc) });
  });

  mountRoute(router, deps.sessions, apiRoutes.performerShows, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    return shows.ofPerformer(params.id);
  });

  // her own room and the admins keep who tipped (what mutes and bans need); anyone else sees names only
  mountRoute(router, deps.sessions, apiRoutes.listShowTips, async (_ctx, { params }, caller) => {
    const doc = await showOf(params.id, caller);
    return shows.tips(params.id, { withIdentity: seesAllOf(caller, doc) });
  });

  mountRoute(router, deps.sessions, apiRoutes.showLeaderboard, async (_ctx, { params }, caller) => {
    await showOf(params.id, caller);
    return shows.leaderboard(params.id);
  });

  // as tips: who wrote a line only to her (her mute and ban buttons) and the admins
  mountRoute(router, deps.sessions, apiRoutes.listShowMessages, async (_ctx, { params }, caller) => {
    const doc = await showOf(params.id, caller);
    return shows.messages(params.id, { withIdentity: seesAllOf(caller, doc) });
  });

  mountRoute(router, deps.sessions, apiRoutes.getTipMenu, async (_ctx, { params }) => ({
    performerId: params.id,
    items: toMenuView((await shows.stage(params.id))?.menu ?? []),
  }));

  return router;
}
