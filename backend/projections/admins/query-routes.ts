import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { unauthorized } from '../../platform/http/errors';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { createAuditTrailQueries } from './audit-trail';
import { toAdminView, type AdminQueries } from './queries';

export function adminsQueryRouter(deps: {
  sessions: SessionManager;
  admins: AdminQueries;
  auditTrail: ReturnType<typeof createAuditTrailQueries>;
}): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.adminMe, async (_ctx, _input, caller) => {
    const doc = await deps.admins.byId(caller.sub);
    if (!doc) throw unauthorized();
    return { admin: toAdminView(doc) };
  });
  mountRoute(router, deps.sessions, apiRoutes.listAdmins, async () => deps.admins.list());
  mountRoute(router, deps.sessions, apiRoutes.adminAuditTrail, async (_ctx, { query }) => deps.auditTrail.page(query));
  return router;
}
