import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { requestCountry } from '../../platform/http/country';
import { notFound } from '../../platform/http/errors';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { PhotoQueries } from './queries';

export function photosQueryRouter(deps: {
  sessions: SessionManager;
  photos: PhotoQueries;
  /** what this caller, from this country, may see of the performer (the performers module's rule) */
  sightOf: (
    performerId: string,
    caller: { kind: string; sub: string } | undefined,
    country: string | undefined,
  ) => Promise<'full' | 'public' | 'none'>;
}): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.listPhotos, async (ctx, { params }, caller) => {
    if ((await deps.sightOf(params.id, caller, requestCountry(ctx))) === 'none') throw notFound();
    return deps.photos.ofPerformer(params.id, caller);
  });
  return router;
}
