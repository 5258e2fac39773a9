import Router from '@koa/router';
import { apiRoutes, euroToCents, streams, type OfferView, type PackageView } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { decideCreateOffer, decideEndOffer, handleOffer } from './offer';

export interface OffersDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  /** the offer's view once the offers read model has applied `position` */
  offerViewAfter: (offerId: string, position: number | undefined) => Promise<OfferView>;
  /** AURACOIN_PRICE_FLOOR_EUR */
  priceFloorEur: number;
  /** every package on sale (the packages read side) */
  packages: () => Promise<PackageView[]>;
}

/** Admin routes: start and end limited offers. */
export function offersRouter(deps: OffersDeps): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.createOffer, async (ctx, { body }, caller) => {
    const offerId = newId();
    const packages = (await deps.packages()).map((pkg) => ({ ...pkg, priceCents: euroToCents(pkg.price) }));
    const floor = { floorEur: deps.priceFloorEur, packages };
    const result = await handleOffer(
      deps.eventStore,
      streams.offer(offerId),
      (state) =>
        decideCreateOffer(
          {
            offerId,
            bonusPercent: body.bonusPercent,
            durationMinutes: body.durationMinutes,
            createdBy: caller.sub,
            floor,
          },
          state,
          deps.now(),
        ),
      { metadata: commandMetadata(ctx, caller) },
    );
    return deps.offerViewAfter(offerId, result.position);
  });
  mountRoute(router, deps.sessions, apiRoutes.endOffer, async (ctx, { params }, caller) => {
    const result = await handleOffer(
      deps.eventStore,
      streams.offer(params.id),
      (state) => decideEndOffer({ offerId: params.id, endedBy: caller.sub }, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return deps.offerViewAfter(params.id, result.position);
  });
  return router;
}
