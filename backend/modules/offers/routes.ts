import Router from '@koa/router';
import { apiRoutes, streams, type OfferView } from '@aura/contracts';
import { handleCommand } from '../../platform/eventstore/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { decideCreateOffer, decideEndOffer, offer } from './offer';

export interface OffersDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  /** the offer's view once the offers read model has applied `position` */
  offerViewAfter: (offerId: string, position: number | undefined) => Promise<OfferView>;
}

/** Admin routes: start and end limited offers. */
export function offersRouter(deps: OffersDeps): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.createOffer, async (ctx, { body }, caller) => {
    const offerId = newId();
    const result = await handleCommand(deps.eventStore, streams.offer(offerId), offer, (state) =>
      decideCreateOffer({ offerId, bonusPercent: body.bonusPercent, durationMinutes: body.durationMinutes, createdBy: caller.sub }, state, deps.now()),
    { metadata: { correlationId: ctx.state.requestId, actorId: caller.sub } });
    return deps.offerViewAfter(offerId, result.position);
  });
  mountRoute(router, deps.sessions, apiRoutes.endOffer, async (ctx, { params }, caller) => {
    const result = await handleCommand(deps.eventStore, streams.offer(params.id), offer, (state) =>
      decideEndOffer({ offerId: params.id, endedBy: caller.sub }, state, deps.now()),
    { metadata: { correlationId: ctx.state.requestId, actorId: caller.sub } });
    return deps.offerViewAfter(params.id, result.position);
  });
  return router;
}
