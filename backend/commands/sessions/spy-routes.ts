import Router from '@koa/router';
import { apiRoutes, sessionStreams, unitsToAuracoin, type IceConfig, type SpyView } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { forbidden, notFound } from '../../platform/http/errors';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { Principal, SessionManager } from '../../platform/http/session';
import { booth } from './booth';
import type { Watch } from './spies';
import type { SpyCommands } from './spy';

export interface SpyRouterDeps {
  sessions: SessionManager;
  eventStore: EventStore;
  commands: SpyCommands;
  /** a watch's free start, seconds (SPY_FREE_MS) */
  freeSeconds: number;
  /** ICE servers for a watch (TURN credentials named after the watch, never the account) */
  iceConfig(spyId: string): IceConfig;
  /** his watch ended: his pages leave the private's spy room at the SFU */
  watchEnded(sessionId: string, userId: string): Promise<unknown>;
}

/** Spying is a user's own act (and spends his money). */
function maySpy(caller: Principal) {
  if (caller.kind !== 'user') throw forbidden();
}

function spyView(watch: Watch, ice: IceConfig | null): SpyView {
  const { terms, ended } = watch;
  return {
    spyId: terms.spyId,
    sessionId: terms.sessionId,
    performerId: terms.performerId,
    status: ended ? 'ended' : 'watching',
    pricePerMinute: unitsToAuracoin(terms.priceUnits),
    freeSeconds: Math.round(terms.freeMs / 1000),
    startedAt: terms.startedAt,
    endedAt: ended?.endedAt ?? null,
    endReason: ended?.reason ?? null,
    minutesBilled: ended?.minutesBilled ?? 0,
    cost: unitsToAuracoin(ended?.costUnits ?? 0),
    ice: ended ? null : ice,
  };
}

/**
 * Spies on a private (docs/architecture.md#spies): he starts and ends his watch, reads it (its
 * cost so far from his wallet), and finds her private that spies may watch from her profile.
 */
export function spyRouter(deps: SpyRouterDeps): Router {
  const router = new Router();
  const { commands } = deps;

  /** the watch as he sees it, with what his wallet was billed for it so far */
  async function viewOf(watch: Watch): Promise<SpyView> {
    const view = spyView(watch, deps.iceConfig(watch.terms.spyId));
    if (watch.ended) return view;
    const money = await commands.money(watch.terms.userId, watch.terms.spyId);
    return { ...view, minutesBilled: money.minutesBilled, cost: unitsToAuracoin(money.costUnits) };
  }

  mountRoute(router, deps.sessions, apiRoutes.startSpy, async (ctx, { params, body, idempotencyKey }, caller) => {
    maySpy(caller);
    const { watch } = await commands.start(
      { sessionId: params.id, userId: caller.sub, idempotencyKey, expectedPrice: body.expectedPrice },
      commandMetadata(ctx, caller),
    );
    return viewOf(watch);
  });

  mountRoute(router, deps.sessions, apiRoutes.endSpy, async (ctx, { params }, caller) => {
    maySpy(caller);
    const { watch } = await commands.end(params.id, caller.sub, commandMetadata(ctx, caller));
    await deps.watchEnded(params.id, caller.sub);
    return viewOf(watch);
  });

  mountRoute(router, deps.sessions, apiRoutes.getSpy, async (_ctx, { params }, caller) => {
    maySpy(caller);
    const { watch } = await commands.latest(params.id, caller.sub);
    return viewOf(watch);
  });

  mountRoute(router, deps.sessions, apiRoutes.performerSpyable, async (_ctx, { params }, caller) => {
    maySpy(caller);
    const hers = foldStream(booth, await deps.eventStore.readStream(sessionStreams.booth(params.id)));
    if (!hers.sessionId) throw notFound();
    const state = await commands.loadSession(hers.sessionId);
    if (state.status !== 'active' || !state.terms.spyPriceUnits) throw notFound();
    return {
      sessionId: state.terms.sessionId,
      spyPrice: unitsToAuracoin(state.terms.spyPriceUnits),
      freeSeconds: deps.freeSeconds,
    };
  });

  return router;
}
