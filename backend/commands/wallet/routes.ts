import Router from '@koa/router';
import { apiRoutes, auracoinToUnits, type UserView } from '@aura/contracts';
import { adjustWallet } from '../../ledger';
import type { EventStore } from '../../platform/eventstore/port';
import { notFound } from '../../platform/http/errors';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';

export interface WalletDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  /** the user exists and is not deleted */
  userExists: (userId: string) => Promise<boolean>;
  /** the user's view once the users read model has applied `position` */
  userViewAfter: (userId: string, position: number | undefined) => Promise<UserView>;
}

/** PATCH /api/users/{id} {auracoinBalance} (admin): AuracoinAdjusted on the wallet, carrying the admin's id. */
export function walletRouter(deps: WalletDeps): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.updateUser, async (ctx, { params, body }, caller) => {
    if (!(await deps.userExists(params.id))) throw notFound();
    const result = await adjustWallet(
      deps.eventStore,
      { walletId: params.id, targetUnits: auracoinToUnits(body.auracoinBalance), adminId: caller.sub },
      deps.now,
      commandMetadata(ctx, caller),
    );
    return deps.userViewAfter(params.id, result.position);
  });
  return router;
}
