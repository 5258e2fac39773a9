import type { ModulePorts, ReadSide } from '../../kernel/module';
import { adminActionsProjection, createAuditTrailQueries } from './audit-trail';
import { adminsProjection } from './projection';
import { createAdminQueries } from './queries';
import { adminsQueryRouter } from './query-routes';

/** The console's admins as read: the admins read model and its list; the audit trail of every admin action. */
export function adminsReadSide(ports: ModulePorts) {
  const admins = createAdminQueries(ports.readModels);
  return {
    name: 'admins',
    projections: [adminsProjection, adminActionsProjection],
    routers: [
      adminsQueryRouter({ sessions: ports.sessions, admins, auditTrail: createAuditTrailQueries(ports.readModels) }),
    ],
  } satisfies ReadSide;
}
