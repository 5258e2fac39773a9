import Router from '@koa/router';
import { apiRoutes, auracoinToUnits, showStreams, ticketShowStreams, unitsToAuracoin } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { refuseBannedTerms } from '../../platform/http/banned-terms';
import { notFound } from '../../platform/http/errors';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { announcesTicketShow, mayTip, runsRoom } from './policy';
import { assertOpenTo, showOnNow, stage } from './stage';
import { buyTicket, closeTicketShow, loadTicketShow, type TicketSalesDeps } from './ticket-sales';
import { decideAnnounceTicketShow, handleTicketShow, ticketShowView } from './ticket-show';

export interface TicketShowRoutesDeps extends TicketSalesDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  /** words refused in texts others read (`BANNED_TERMS`) */
  bannedTerms: readonly string[];
  /** whose show it is, as the shows read model lists it (null: not known) */
  performerOf: (showId: string) => Promise<string | null>;
  balanceAfter: (userId: string, position: number | undefined) => Promise<number>;
  /** the start job, at the ticketed part's start */
  scheduleStart: (showId: string, startsAt: Date) => Promise<void>;
}

/**
 * Ticket shows' routes (docs/product.md#ticket-shows): she announces and cancels, viewers buy
 * (./ticket-sales.ts), anyone in the room reads it. Each authenticates (contract and ./policy.ts),
 * validates, calls the decider or handler and maps the answer.
 */
export function ticketShowRouter(deps: TicketShowRoutesDeps): Router {
  const router = new Router();
  const performerOf = async (showId: string) => {
    const performerId = await deps.performerOf(showId);
    if (!performerId) throw notFound();
    return performerId;
  };
  const herStage = async (performerId: string) =>
    foldStream(stage, await deps.eventStore.readStream(showStreams.stage(performerId)));

  mountRoute(router, deps.sessions, apiRoutes.announceTicketShow, async (ctx, { params, body }, caller) => {
    const performerId = await performerOf(params.id);
    announcesTicketShow(caller, performerId);
    showOnNow(await herStage(performerId), params.id);
    refuseBannedTerms(deps.bannedTerms, { description: body.description });
    const command = {
      showId: params.id,
      performerId,
      priceUnits: auracoinToUnits(body.price),
      description: body.description,
      startsInMinutes: body.startsInMinutes,
    };
    const result = await handleTicketShow(
      deps.eventStore,
      ticketShowStreams.ticketShow(params.id),
      (state) => decideAnnounceTicketShow(command, state, deps.now()),
      { metadata: commandMetadata(ctx, caller) },
    );
    await deps.scheduleStart(params.id, new Date(result.state.announced!.startsAt));
    deps.announce(params.id, 'announced');
    return ticketShowView(result.state, undefined, deps.now());
  });

  mountRoute(router, deps.sessions, apiRoutes.getTicketShow, async (_ctx, { params }, caller) => {
    const walletId = caller?.kind === 'user' ? caller.sub : undefined;
    return ticketShowView(await loadTicketShow(deps.eventStore, params.id), walletId, deps.now());
  });

  mountRoute(router, deps.sessions, apiRoutes.cancelTicketShow, async (ctx, { params }, caller) => {
    runsRoom(caller, await performerOf(params.id));
    const { state } = await closeTicketShow(deps, params.id, 'cancel', deps.now(), commandMetadata(ctx, caller));
    return ticketShowView(state, undefined, deps.now());
  });

  mountRoute(router, deps.sessions, apiRoutes.buyShowTicket, async (ctx, { params, idempotencyKey }, caller) => {
    mayTip(caller);
    // her show on now and open to him (not banned)
    assertOpenTo(await herStage(await performerOf(params.id)), params.id, caller.sub);
    const bought = await buyTicket(
      deps,
      { showId: params.id, walletId: caller.sub, idempotencyKey },
      commandMetadata(ctx, caller, { idempotencyKey }),
    );
    return {
      id: bought.ticketId,
      showId: params.id,
      price: unitsToAuracoin(bought.priceUnits),
      balance: await deps.balanceAfter(caller.sub, bought.position),
    };
  });

  return router;
}
