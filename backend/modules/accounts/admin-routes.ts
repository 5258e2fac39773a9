import Router from '@koa/router';
import { apiRoutes, streams } from '@aura/contracts';
import { handleCommand } from '../../platform/eventstore/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { releaseAll } from '../../platform/unique-values';
import { decideDeleteUser, user } from './user';

export interface UserAdminDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  /** waits until the users read model has applied `position` */
  settled: (position: number | undefined) => Promise<void>;
}

/** DELETE /api/users/{id} (admin): anonymise the user, free their username and email, keep the ledger. */
export function userAdminRouter(deps: UserAdminDeps): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.deleteUser, async (ctx, { params }, caller) => {
    const metadata = { correlationId: ctx.state.requestId, actorId: caller.sub };
    const result = await handleCommand(deps.eventStore, streams.user(params.id), user, (state) => decideDeleteUser({ userId: params.id, deletedBy: caller.sub }, state, deps.now()), {
      metadata,
    });
    const deleted = result.state;
    if (deleted.status !== 'unregistered') {
      await releaseAll(
        deps.eventStore,
        [
          { kind: 'username', value: deleted.username, ownerId: params.id },
          { kind: 'email', value: deleted.email, ownerId: params.id },
        ],
        deps.now,
        metadata,
      );
    }
    await deps.settled(result.position);
    return { ok: true as const };
  });
  return router;
}
