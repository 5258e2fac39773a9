import Router from '@koa/router';
import { apiRoutes, type AdminView } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { notFound } from '../../platform/http/errors';
import type { Passwords } from '../../platform/http/password';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { adminRateLimits } from './rate-limits';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { admin, decideCreateAdmin, type Actor } from './admin';
import { createAdmin } from './create-admin';
import type { adminLockout } from './lockout';
import type { AdminSecondFactor } from './mfa-gate';
import { deleteAdmin, setAdminActive } from './manage-admin';
import { actingAdmin, maySignIn } from './policy';

export interface AdminsDeps {
  /** argon2id hashing and the password sign-in */
  passwords: Passwords;
  eventStore: EventStore;
  sessions: SessionManager;
  limits: RateLimiter<keyof typeof adminRateLimits | DoorLimit>;
  lockout: ReturnType<typeof adminLockout>;
  now: () => Date;
  /** the admin's login record from the admins read model, by username ignoring case */
  findAdminLogin: (username: string) => Promise<{ id: string; passwordHash: string; isActive: boolean } | null>;
  /** the acting admin (the admin routes' session check has already found them active) */
  actorOf: (adminId: string) => Promise<Actor | null>;
  /** the admin's view once the admins read model has applied `position` */
  adminViewAfter: (adminId: string, position: number | undefined) => Promise<AdminView>;
  /** waits until the admins read model has applied `position` */
  settled: (position: number | undefined) => Promise<void>;
  /** her second factor: enrolment, confirmation (docs/architecture.md#admin-mfa) */
  mfa: AdminSecondFactor;
}

const ZERO_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The admins' routes: each authenticates (its contract's level and ./policy.ts), validates, calls
 * the handler (./create-admin.ts, ./manage-admin.ts, ./mfa-gate.ts) and maps the answer.
 */
export function adminsRouter(deps: AdminsDeps): Router {
  const router = new Router();
  const actor = async (adminId: string) => actingAdmin(await deps.actorOf(adminId));
  signInRoutes(router, deps);
  manageRoutes(router, deps, actor);
  mfaRoutes(router, deps, actor);
  return router;
}

type ActorOf = (adminId: string) => Promise<Actor>;

/** An admin's sign-in: her password, behind the lockout. */
function signInRoutes(router: Router, deps: AdminsDeps) {
  mountRoute(
    router,
    deps.sessions,
    apiRoutes.adminVerify,
    async (ctx, { body }) => {
      const login = await deps.lockout.guard(ctx, async () =>
        maySignIn(await deps.passwords.signIn(await deps.findAdminLogin(body.username), body.password)),
      );
      deps.sessions.start(ctx, { sub: login.id, kind: 'admin' });
      return { admin: await deps.adminViewAfter(login.id, undefined) };
    },
    ...deps.limits.signIn(),
  );
}

/** Admins created, deactivated or reactivated, and deleted by an admin. */
function manageRoutes(router: Router, deps: AdminsDeps, actor: ActorOf) {
  mountRoute(router, deps.sessions, apiRoutes.createAdmin, async (ctx, { body }, caller) => {
    const acting = await actor(caller.sub);
    // the decider refuses it too; checked before the username claim so a refusal appends nothing
    decideCreateAdmin({ ...body, adminId: ZERO_ID, passwordHash: '' }, admin.initialState(), deps.now(), acting);
    const adminId = newId();
    const result = await createAdmin(
      deps.eventStore,
      {
        adminId,
        fullName: body.fullName,
        username: body.username,
        email: body.email,
        passwordHash: await deps.passwords.hash(body.password),
        role: body.role,
      },
      deps.now,
      commandMetadata(ctx, caller),
      acting,
    );
    return deps.adminViewAfter(adminId, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.updateAdmin, async (ctx, { params, body }, caller) => {
    const result = await setAdminActive(
      deps.eventStore,
      params.id,
      body.isActive,
      await actor(caller.sub),
      deps.now,
      commandMetadata(ctx, caller),
    );
    if (!body.isActive) await deps.sessions.revokeAccount(params.id);
    return deps.adminViewAfter(params.id, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.deleteAdmin, async (ctx, { params }, caller) => {
    const result = await deleteAdmin(
      deps.eventStore,
      params.id,
      await actor(caller.sub),
      deps.now,
      commandMetadata(ctx, caller),
    );
    await deps.sessions.revokeAccount(params.id);
    await deps.settled(result.position);
    return { ok: true as const };
  });
}

/** Her second factor: its status, enrolment and confirmation, and its reset by another admin. */
function mfaRoutes(router: Router, deps: AdminsDeps, actor: ActorOf) {
  mountRoute(router, deps.sessions, apiRoutes.adminMfaStatus, async (_ctx, _input, caller) =>
    deps.mfa.status(caller.sub),
  );
  mountRoute(router, deps.sessions, apiRoutes.adminMfaEnroll, async (ctx, _input, caller) =>
    deps.mfa.enroll(ctx, caller),
  );
  mountRoute(router, deps.sessions, apiRoutes.resetAdminMfa, async (ctx, { params }, caller) => {
    const target = await deps.actorOf(params.id);
    if (!target) throw notFound();
    const status = await deps.mfa.reset(ctx, target, await actor(caller.sub));
    // whoever holds her session now signs in again, and enrols a new phone
    await deps.sessions.revokeAccount(params.id);
    return status;
  });
  mountRoute(router, deps.sessions, apiRoutes.adminMfaConfirm, async (ctx, { body }, caller) =>
    deps.mfa.confirm(ctx, caller, body.code),
  );
}
