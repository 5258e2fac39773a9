import Router from '@koa/router';
import { apiRoutes, euroToCents, streams, type PackageView } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { decideCreatePackage, decideDeletePackage, decideUpdatePackage, handlePackage } from './package';

export interface PackagesDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  /** the package's view once the packages read model has applied `position` */
  packageViewAfter: (packageId: string, position: number | undefined) => Promise<PackageView>;
  /** waits until the packages read model has applied `position` */
  settled: (position: number | undefined) => Promise<void>;
  /** AURACOIN_PRICE_FLOOR_EUR */
  priceFloorEur: number;
  /** the most generous offer running at `now` (the offers read side), or null */
  currentOffer: (now: Date) => Promise<{ bonusPercent: number } | null>;
}

/** Euro in the API (the spec's whole-euro price), cents in the events. */
const termsOf = (body: { credits: number; bonus: number; price: number; popular: boolean }) => ({
  credits: body.credits,
  bonus: body.bonus,
  priceCents: euroToCents(body.price),
  popular: body.popular,
});

/** The admin's package catalogue. */
export function packagesRouter(deps: PackagesDeps): Router {
  const router = new Router();
  /** the floor a package's terms are held to now: against the best offer running (issue 38 item 4) */
  const floorNow = async (now: Date) => ({
    floorEur: deps.priceFloorEur,
    offerBonusPercent: (await deps.currentOffer(now))?.bonusPercent ?? 0,
  });

  mountRoute(router, deps.sessions, apiRoutes.createPackage, async (ctx, { body }, caller) => {
    const packageId = newId();
    const floor = await floorNow(deps.now());
    const result = await handlePackage(
      deps.eventStore,
      streams.package(packageId),
      (state) => decideCreatePackage({ packageId, ...termsOf(body), createdBy: caller.sub, floor }, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return deps.packageViewAfter(packageId, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.updatePackage, async (ctx, { params, body }, caller) => {
    const floor = await floorNow(deps.now());
    const result = await handlePackage(
      deps.eventStore,
      streams.package(params.id),
      (state) => decideUpdatePackage({ ...termsOf(body), adminId: caller.sub, floor }, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    return deps.packageViewAfter(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.deletePackage, async (ctx, { params }, caller) => {
    const result = await handlePackage(
      deps.eventStore,
      streams.package(params.id),
      (state) => decideDeletePackage({ adminId: caller.sub }, state, deps.now()),
      {
        metadata: commandMetadata(ctx, caller),
      },
    );
    await deps.settled(result.position);
    return { ok: true as const };
  });

  return router;
}
