import Router from '@koa/router';
import { apiRoutes, streams, type PackageView } from '@aura/contracts';
import { handleCommand } from '../../platform/eventstore/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { auracoinPackage, decideCreatePackage, decideDeletePackage, decideUpdatePackage } from './package';

export interface PackagesDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  /** the package's view once the packages read model has applied `position` */
  packageViewAfter: (packageId: string, position: number | undefined) => Promise<PackageView>;
  /** waits until the packages read model has applied `position` */
  settled: (position: number | undefined) => Promise<void>;
}

/** Euro in the API (the spec's whole-euro price), cents in the events. */
const toCents = (euro: number) => Math.round(euro * 100);

export function packagesRouter(deps: PackagesDeps): Router {
  const router = new Router();
  const metadataOf = (ctx: { state: { requestId?: unknown } }, adminId: string) => ({ correlationId: ctx.state.requestId, adminId });

  mountRoute(router, deps.sessions, apiRoutes.createPackage, async (ctx, { body }, caller) => {
    const packageId = newId();
    const terms = { credits: body.credits, bonus: body.bonus, priceCents: toCents(body.price), popular: body.popular };
    const result = await handleCommand(
      deps.eventStore,
      streams.package(packageId),
      auracoinPackage,
      (state) => decideCreatePackage({ packageId, ...terms, createdBy: caller.sub }, state, deps.now()),
      { metadata: metadataOf(ctx, caller.sub) },
    );
    return deps.packageViewAfter(packageId, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.updatePackage, async (ctx, { params, body }, caller) => {
    const terms = { credits: body.credits, bonus: body.bonus, priceCents: toCents(body.price), popular: body.popular };
    const result = await handleCommand(
      deps.eventStore,
      streams.package(params.id),
      auracoinPackage,
      (state) => decideUpdatePackage({ ...terms, adminId: caller.sub }, state, deps.now()),
      { metadata: metadataOf(ctx, caller.sub), retriesOnConflict: 2 },
    );
    return deps.packageViewAfter(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.deletePackage, async (ctx, { params }, caller) => {
    const result = await handleCommand(
      deps.eventStore,
      streams.package(params.id),
      auracoinPackage,
      (state) => decideDeletePackage({ adminId: caller.sub }, state, deps.now()),
      { metadata: metadataOf(ctx, caller.sub), retriesOnConflict: 2 },
    );
    await deps.settled(result.position);
    return { ok: true as const };
  });

  return router;
}
