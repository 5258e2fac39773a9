import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { DISPUTES, toDisputeView, type DisputeDoc } from './disputes';
import { PURCHASES, toPurchaseView, type PurchaseDoc } from './projection';

export function purchasesQueryRouter(deps: { sessions: SessionManager; readModels: ReadModelStore }): Router {
  const router = new Router();
  const purchases = deps.readModels.collection<PurchaseDoc>(PURCHASES);
  mountRoute(router, deps.sessions, apiRoutes.getPurchase, async (_ctx, { params }, caller) => {
    const doc = await purchases.findOne({ _id: params.id });
    if (!doc) throw notFound();
    assertOwnerOrAdmin(caller, doc.userId);
    return toPurchaseView(doc);
  });
  const disputes = deps.readModels.collection<DisputeDoc>(DISPUTES);
  mountRoute(router, deps.sessions, apiRoutes.listDisputes, async () =>
    (await disputes.find({}, { sort: { openedAt: -1 }, limit: 500 })).map(toDisputeView),
  );
  return router;
}
