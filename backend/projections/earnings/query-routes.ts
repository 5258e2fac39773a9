import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { EARNINGS, lastDays, type EarningsDoc } from './projection';

export function earningsQueryRouter(deps: {
  sessions: SessionManager;
  readModels: ReadModelStore;
  now: () => Date;
}): Router {
  const router = new Router();
  const earnings = deps.readModels.collection<EarningsDoc>(EARNINGS);
  mountRoute(router, deps.sessions, apiRoutes.performerEarnings, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    const doc = await earnings.findOne({ _id: params.id });
    return { totalEarnings: (doc?.totalCents ?? 0) / 100, days: lastDays(doc, deps.now()) };
  });
  return router;
}
