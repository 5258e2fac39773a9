import Router from '@koa/router';
import { apiRoutes, performerStreams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { forbidden, notFound } from '../../platform/http/errors';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { decideFavourite, handleFavourites } from './favourites';

export function favouritesRouter(deps: {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  /** an approved performer exists */
  performerExists: (performerId: string) => Promise<boolean>;
  /** the user's favourites once the read model has applied `position` */
  favouritesAfter: (userId: string, position: number | undefined) => Promise<string[]>;
}): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.listFavourites, async (_ctx, _input, caller) => {
    if (caller.kind !== 'user') throw forbidden();
    return { performerIds: await deps.favouritesAfter(caller.sub, undefined) };
  });
  for (const [contract, favourite] of [
    [apiRoutes.addFavourite, true],
    [apiRoutes.removeFavourite, false],
  ] as const) {
    mountRoute(router, deps.sessions, contract, async (ctx, { params }, caller) => {
      if (caller.kind !== 'user') throw forbidden();
      if (favourite && !(await deps.performerExists(params.id))) throw notFound();
      const result = await handleFavourites(
        deps.eventStore,
        performerStreams.favourites(caller.sub),
        (state) => decideFavourite({ userId: caller.sub, performerId: params.id, favourite }, state, deps.now()),
        { metadata: commandMetadata(ctx, caller) },
      );
      return { performerIds: await deps.favouritesAfter(caller.sub, result.position) };
    });
  }
  return router;
}
