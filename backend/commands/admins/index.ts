import { rateLimiterOf } from '../../platform/http/rate-limit';
import { adminRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { adminLockout } from './lockout';
import { adminSecondFactor } from './mfa-gate';
import { adminsRouter, type AdminsDeps as RouterDeps } from './routes';
import { ensureSuperadmin } from './superadmin';

/** What the admins' routes and session checks read of the admins read side (entry hands it over). */
export interface AdminsDeps {
  admins: {
    /** the admin's login record, by username ignoring case */
    loginOf: RouterDeps['findAdminLogin'];
    /** the acting admin, if active */
    actorOf: RouterDeps['actorOf'];
    usernameOf(adminId: string): Promise<string | null>;
    isActive(adminId: string): Promise<boolean>;
    viewAfter: RouterDeps['adminViewAfter'];
    settled: RouterDeps['settled'];
  };
}

/** The console's admins: per-admin sign-in, creation, activation, deletion; the first-start superadmin. */
export function adminsCommands(ports: ModulePorts, deps: AdminsDeps) {
  const { admins } = deps;
  const limits = rateLimiterOf(ports, adminRateLimits);
  const mfa = adminSecondFactor({ ports, limits, usernameOf: admins.usernameOf });
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
        settled: admins.settled,
        findAdminLogin: admins.loginOf,
        actorOf: admins.actorOf,
        adminViewAfter: admins.viewAfter,
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
