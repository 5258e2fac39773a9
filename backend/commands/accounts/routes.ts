import Router from '@koa/router';
import { apiRoutes, refusalText, streams, type UserView } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import type { Passwords } from '../../platform/http/password';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { accountRateLimits } from './rate-limits';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { releaseAll } from '../../kernel/unique-values';
import { refused } from '../../platform/http/errors';
import type { Middleware } from 'koa';
import { registerUser } from './register';
import { decideDeleteUser, handleUser } from './user';

export interface AccountsDeps {
  /** argon2id hashing and the password sign-in */
  passwords: Passwords;
  eventStore: EventStore;
  sessions: SessionManager;
  limits: RateLimiter<keyof typeof accountRateLimits | DoorLimit>;
  now: () => Date;
  /** the user's login record from the users read model */
  findLogin: (identifier: string) => Promise<{ id: string; passwordHash: string } | null>;
  /** the user's view once the users read model has applied `position` */
  userViewAfter: (userId: string, position: number | undefined) => Promise<UserView>;
  /** waits until the users read model has applied `position` */
  settled: (position: number | undefined) => Promise<void>;
}

/**
 * Consent to data about sexual life (GDPR Art. 9) missing or not `true`: its own refusal, before the
 * rest of the body is read, so the form can say what is missing.
 */
const requireSensitiveDataConsent: Middleware = async (ctx, next) => {
  const body = ctx.request.body as { sensitiveDataConsent?: unknown } | undefined;
  if (body?.sensitiveDataConsent !== true)
    throw refused('consent_required', [
      { path: 'body.sensitiveDataConsent', message: refusalText('consent_required') },
    ]);
  await next();
};

/** Registration, sign-in and sign-out of users; an admin's deletion of a user. */
export function accountsRouter(deps: AccountsDeps): Router {
  const router = new Router();

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.register,
    async (ctx, { body }) => {
      const { userId, position } = await registerUser(
        { eventStore: deps.eventStore, now: deps.now, hashPassword: deps.passwords.hash },
        body,
        commandMetadata(ctx),
      );
      deps.sessions.start(ctx, { sub: userId, kind: 'user' });
      return deps.userViewAfter(userId, position);
    },
    deps.limits.before('register', (ctx) => ctx.ip),
    requireSensitiveDataConsent,
  );

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.login,
    async (ctx, { body }) => {
      const login = await deps.passwords.signIn(await deps.findLogin(body.username), body.password);
      deps.sessions.start(ctx, { sub: login.id, kind: 'user' });
      return deps.userViewAfter(login.id, undefined);
    },
    ...deps.limits.signIn(),
  );

  mountRoute(router, deps.sessions, apiRoutes.logout, async (ctx) => {
    await deps.sessions.end(ctx);
    return { ok: true as const };
  });

  /** DELETE /api/users/{id} (admin): anonymise the user, free their username and email, keep the ledger. */
  mountRoute(router, deps.sessions, apiRoutes.deleteUser, async (ctx, { params }, caller) => {
    const metadata = commandMetadata(ctx, caller);
    const result = await handleUser(
      deps.eventStore,
      streams.user(params.id),
      (state) => decideDeleteUser({ userId: params.id, deletedBy: caller.sub }, state, deps.now()),
      { metadata },
    );
    const deleted = result.state;
    if (deleted.status !== 'unregistered') {
      const claims = [
        { kind: 'username' as const, value: deleted.username, ownerId: params.id },
        { kind: 'email' as const, value: deleted.email, ownerId: params.id },
      ];
      await releaseAll(deps.eventStore, claims, deps.now, metadata);
    }
    // their cookies are refused and their sockets dropped at once
    await deps.sessions.revokeAccount(params.id);
    await deps.settled(result.position);
    return { ok: true as const };
  });

  return router;
}
