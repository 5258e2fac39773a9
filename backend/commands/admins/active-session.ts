import type { Context } from 'koa';
import type { Principal, SessionManager } from '../../platform/http/session';

/**
 * Wraps the session manager so an admin session counts only while that admin exists and is active:
 * disabling or deleting an admin ends their sessions on every admin route at once (the read model
 * is asked on each admin request; user and performer sessions are untouched).
 */
export function activeAdminSessions(sessions: SessionManager, isActiveAdmin: (adminId: string) => Promise<boolean>): SessionManager {
  const check = async (principal: Principal | undefined) => {
    if (principal?.kind !== 'admin') return principal;
    return (await isActiveAdmin(principal.sub)) ? principal : undefined;
  };
  return {
    ...sessions,
    verify: async (token: string | undefined) => check(await sessions.verify(token)),
    fromContext: async (ctx: Context) => check(await sessions.fromContext(ctx)),
  };
}
