import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { StatisticsQueries } from './queries';

export function statisticsQueryRouter(deps: { sessions: SessionManager; statistics: StatisticsQueries }): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.getStatistics, async () => deps.statistics.get());
  return router;
}
