import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import { adminActionsProjection, createAuditTrailQueries } from './audit-trail';
import { ADMINS, adminsProjection } from './projection';
import { createAdminQueries, toAdminView } from './queries';
import { adminsQueryRouter } from './query-routes';

/** The console's admins as read: the admins read model and its list; the audit trail of every admin action. */
export function adminsReadSide(ports: ModulePorts) {
  const admins = createAdminQueries(ports.readModels);
  const settled = settledOn(ports.readModels, ADMINS);
  return {
    name: 'admins',
    projections: [adminsProjection, adminActionsProjection],
    routers: [
      adminsQueryRouter({ sessions: ports.sessions, admins, auditTrail: createAuditTrailQueries(ports.readModels) }),
    ],
    queries: {
      /** the admin's login record, by username ignoring case */
      async loginOf(username: string) {
        const doc = await admins.byUsername(username);
        return doc ? { id: doc._id, passwordHash: doc.passwordHash, isActive: doc.isActive } : null;
      },
      /** the acting admin, if active */
      async actorOf(adminId: string) {
        const doc = await admins.byId(adminId);
        return doc?.isActive ? { id: doc._id, role: doc.role } : null;
      },
      usernameOf: async (adminId: string) => (await admins.byId(adminId))?.username ?? null,
      isActive: admins.isActive,
      /** waits until the admins read model has applied `position` */
      settled,
      /** the admin's view once the admins read model has applied `position` (read-your-writes) */
      viewAfter: viewAfter(settled, admins.byId, toAdminView),
    },
  } satisfies ReadSide & Record<string, unknown>;
}
