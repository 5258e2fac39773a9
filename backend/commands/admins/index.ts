import { notFound } from '../../platform/http/errors';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { adminRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { ADMINS } from '../../projections/admins/projection';
import { createAdminQueries, toAdminView } from '../../projections/admins/queries';
import { adminLockout } from './lockout';
import { adminSecondFactor } from './mfa-gate';
import { adminsRouter } from './routes';
import { ensureSuperadmin } from './superadmin';

/** The console's admins: per-admin sign-in, creation, activation, deletion; the first-start superadmin. */
export function adminsCommands(ports: ModulePorts) {
  const admins = createAdminQueries(ports.readModels);
  const settled = settledOn(ports.readModels, ADMINS);
  const limits = rateLimiterOf(ports, adminRateLimits);
  const mfa = adminSecondFactor({
    ports,
    limits,
    usernameOf: async (adminId) => (await admins.byId(adminId))?.username ?? null,
  });
  return {
    name: 'admins',
    rateLimits: adminRateLimits,
    routers: [
      adminsRouter({
        ...ports,
        now: ports.clock.now,
        limits,
        mfa,
        lockout: adminLockout(ports.kv, ports.config),
        settled,
        findAdminLogin: async (username) => {
          const doc = await admins.byUsername(username);
          return doc ? { id: doc._id, passwordHash: doc.passwordHash, isActive: doc.isActive } : null;
        },
        actorOf: async (adminId) => {
          const doc = await admins.byId(adminId);
          return doc?.isActive ? { id: doc._id, role: doc.role } : null;
        },
        adminViewAfter: async (adminId, position) => {
          await settled(position);
          const doc = await admins.byId(adminId);
          if (!doc) throw notFound('Admin non trovato');
          return toAdminView(doc);
        },
      }),
    ],
    /** her second factor on every admin request: enrolment when mandatory, a fresh code for a money action */
    admitsAdmin: mfa.admit,
    /** an admin session counts only while that admin exists and is active: disabling one ends their sessions at once */
    acceptsSession: async (principal) => principal.kind !== 'admin' || (await admins.isActive(principal.sub)),
    /** the superadmin `ADMIN_USERNAME` / `ADMIN_PASSWORD` name, created on the first start */
    ensureSuperadmin: (options: { username: string; password?: string }) =>
      ensureSuperadmin(ports.eventStore, { ...options, now: ports.clock.now, passwords: ports.passwords }),
  } satisfies CommandSide & Record<string, unknown>;
}
