import Router from '@koa/router';
import type { Context } from 'koa';
import { apiRoutes } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { PhotoQueries } from './queries';

export function photosQueryRouter(deps: {
  sessions: SessionManager;
  photos: PhotoQueries;
  /** is the performer visible to this request (approved, not geoblocked), or is the caller her or an admin? */
  performerVisible: (performerId: string, ctx: Context, caller: { kind: string; sub: string } | undefined) => Promise<boolean>;
}): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.listPhotos, async (ctx, { params }, caller) => {
    if (!(await deps.performerVisible(params.id, ctx, caller))) throw notFound('Performer non trovata');
    return deps.photos.ofPerformer(params.id, caller);
  });
  return router;
}
