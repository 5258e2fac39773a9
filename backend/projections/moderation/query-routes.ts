import Router from '@koa/router';
import { apiRoutes, type ReviewItemView } from '@aura/contracts';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { ModerationQueries } from './queries';

export function moderationQueryRouter(deps: {
  sessions: SessionManager;
  moderation: ModerationQueries;
  now: () => Date;
  /** content waiting for review (the photos module's) */
  inReview: () => Promise<ReviewItemView[]>;
}): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.listReports, async (_ctx, { query }) =>
    deps.moderation.reports(query.status, deps.now()),
  );
  mountRoute(router, deps.sessions, apiRoutes.performerModerationNotices, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    return deps.moderation.noticesOf(params.id);
  });
  mountRoute(router, deps.sessions, apiRoutes.myModerationNotices, async (_ctx, _input, caller) =>
    deps.moderation.noticesOf(caller.sub),
  );
  mountRoute(router, deps.sessions, apiRoutes.listAppeals, async (_ctx, { query }) =>
    deps.moderation.appeals(query.status),
  );
  mountRoute(router, deps.sessions, apiRoutes.listReviews, async () => deps.inReview());
  return router;
}
