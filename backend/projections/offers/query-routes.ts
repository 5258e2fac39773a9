import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { toOfferView } from './projection';
import type { OfferQueries } from './queries';

export function offersQueryRouter(deps: { sessions: SessionManager; offers: OfferQueries; now: () => Date }): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.currentOffer, async () => {
    const doc = await deps.offers.current(deps.now());
    return { offer: doc ? toOfferView(doc) : null };
  });
  mountRoute(router, deps.sessions, apiRoutes.listOffers, async () => (await deps.offers.all()).map(toOfferView));
  return router;
}
