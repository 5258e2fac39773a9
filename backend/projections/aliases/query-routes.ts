import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { toAliasView } from './projection';
import type { AliasQueries } from './queries';

export function aliasesQueryRouter(deps: { sessions: SessionManager; aliases: AliasQueries }): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.listAliases, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.userId);
    return (await deps.aliases.ofUser(params.userId)).map(toAliasView);
  });
  return router;
}
