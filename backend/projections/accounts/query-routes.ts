import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { toUserView, type UserQueries } from './queries';

export function usersQueryRouter(deps: { sessions: SessionManager; users: UserQueries }): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.me, async (_ctx, _input, caller) => {
    const doc = await deps.users.byId(caller.sub);
    if (!doc) throw notFound();
    return toUserView(doc);
  });
  mountRoute(router, deps.sessions, apiRoutes.getUser, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    const doc = await deps.users.byId(params.id);
    if (!doc) throw notFound();
    return toUserView(doc);
  });
  mountRoute(router, deps.sessions, apiRoutes.listUsers, async () => (await deps.users.list()).map(toUserView));
  return router;
}
