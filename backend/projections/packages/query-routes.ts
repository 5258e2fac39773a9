import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { PackageQueries } from './queries';

export function packagesQueryRouter(deps: { sessions: SessionManager; packages: PackageQueries }): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.listPackages, async () =>
    deps.packages.listJson((list) => apiRoutes.listPackages.response.parse(list)),
  );
  return router;
}
