import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { REFUNDS, toRefundView, type RefundDoc } from './projection';
import type { createSaleSearch, SaleSearchDeps } from './sales-search';

/** GET /api/admin/refunds: every refund, newest first; GET /api/admin/refunds/sales: the sales a refund may be made of. */
export function refundsQueryRouter(deps: {
  sessions: SessionManager;
  readModels: ReadModelStore;
  searchSales: ReturnType<typeof createSaleSearch>;
  usernamesOf: SaleSearchDeps['usernamesOf'];
  performerNamesOf: SaleSearchDeps['performerNamesOf'];
}): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.searchRefundableSales, async (_ctx, { query }) =>
    deps.searchSales(query),
  );
  const refunds = deps.readModels.collection<RefundDoc>(REFUNDS);
  mountRoute(router, deps.sessions, apiRoutes.listRefunds, async () => {
    const docs = await refunds.find({}, { sort: { refundedAt: -1 }, limit: 500 });
    const [usernames, names] = await Promise.all([
      deps.usernamesOf([...new Set(docs.map((doc) => doc.userId))]),
      deps.performerNamesOf([...new Set(docs.map((doc) => doc.performerId))]),
    ]);
    return docs.map((doc) => ({
      ...toRefundView(doc),
      username: usernames.get(doc.userId) ?? null,
      performerName: names.get(doc.performerId) ?? null,
    }));
  });
  return router;
}
