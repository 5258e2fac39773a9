import Router from '@koa/router';
import { apiRoutes, type UserView } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import { hashPassword, verifyPassword } from '../../platform/http/password';
import { loginRateLimit } from '../../platform/http/rate-limit';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { KeyValueStore } from '../../platform/kv/port';
import { registerUser } from './register';

export interface AccountsDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  kv: KeyValueStore;
  now: () => Date;
  /** the user's login record from the users read model */
  findLogin: (identifier: string) => Promise<{ id: string; passwordHash: string } | null>;
  /** the user's view once the users read model has applied `position` */
  userViewAfter: (userId: string, position: number | undefined) => Promise<UserView>;
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let decoyHash: Promise<string> | undefined;

export function accountsRouter(deps: AccountsDeps): Router {
  const router = new Router();
  const metadataOf = (ctx: { state: { requestId?: unknown } }) => ({ correlationId: ctx.state.requestId });

  mountRoute(router, deps.sessions, apiRoutes.register, async (ctx, { body }) => {
    const { userId, position } = await registerUser(
      { eventStore: deps.eventStore, now: deps.now, hashPassword },
      body,
      metadataOf(ctx),
    );
    deps.sessions.start(ctx, { sub: userId, kind: 'user' });
    return deps.userViewAfter(userId, position);
  });

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.login,
    async (ctx, { body }) => {
      const login = await deps.findLogin(body.username);
      decoyHash ??= hashPassword('decoy-password-for-timing');
      const valid = await verifyPassword(body.password, login?.passwordHash ?? (await decoyHash));
      if (!login || !valid) throw new DomainError('invalid_credentials', 'Credenziali non valide');
      deps.sessions.start(ctx, { sub: login.id, kind: 'user' });
      return deps.userViewAfter(login.id, undefined);
    },
    ...loginRateLimit(deps.kv),
  );

  mountRoute(router, deps.sessions, apiRoutes.logout, async (ctx) => {
    await deps.sessions.end(ctx);
    return { ok: true as const };
  });

  return router;
}
