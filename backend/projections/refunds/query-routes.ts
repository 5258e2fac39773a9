import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { REFUNDS, toRefundView, type RefundDoc } from './projection';

/** GET /api/admin/refunds: every refund, newest first. */
export function refundsQueryRouter(deps: { sessions: SessionManager; readModels: ReadModelStore }): Router {
  const router = new Router();
  const refunds = deps.readModels.collection<RefundDoc>(REFUNDS);
  mountRoute(router, deps.sessions, apiRoutes.listRefunds, async () =>
    (await refunds.find({}, { sort: { refundedAt: -1 }, limit: 500 })).map(toRefundView),
  );
  return router;
}
