import Router from '@koa/router';
import { ALIAS_PRICE_AURACOIN, apiRoutes, auracoinToUnits, streams, type AliasView } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { forbidden, notFound } from '../../platform/http/errors';
import { assertSameRequest } from '../../platform/http/idempotency';
import { assertOwnerOrAdmin, commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { deterministicId, newId } from '../../platform/ids';
import { spendFromWallet } from '../../ledger';
import { aliasPurchased, decideDeleteAlias, handleAlias } from './alias';

export interface AliasesDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  /** the alias's owner from the aliases read model, or null when unknown or deleted */
  aliasOwner: (aliasId: string) => Promise<string | null>;
  /** the alias's view once the aliases read model has applied `position` */
  aliasViewAfter: (aliasId: string, position: number) => Promise<AliasView>;
  /** waits until the aliases read model has applied `position` */
  settled: (position: number | undefined) => Promise<void>;
  /** the user is registered and not deleted (a deleted user's old session spends nothing) */
  userActive: (userId: string) => Promise<boolean>;
}

export function aliasesRouter(deps: AliasesDeps): Router {
  const router = new Router();

  mountRoute(
    router,
    deps.sessions,
    apiRoutes.createAlias,
    async (ctx, { params, body, idempotencyKey: key }, caller) => {
      // spending is the owner's act alone: not even an admin spends a user's auracoin
      if (caller.kind !== 'user' || caller.sub !== params.userId) throw forbidden();
      if (!(await deps.userActive(params.userId))) throw notFound();
      const aliasId = key ? deterministicId(`alias:${params.userId}:${key}`) : newId();
      const price = auracoinToUnits(ALIAS_PRICE_AURACOIN);
      const metadata = commandMetadata(ctx, caller);
      const result = await spendFromWallet(deps.eventStore, {
        walletId: params.userId,
        amountUnits: price,
        purchase: aliasPurchased({ aliasId, userId: params.userId, aliasName: body.aliasName, price }, deps.now()),
        reason: 'alias',
        reference: aliasId,
        idempotencyKey: key ? `alias:${key}` : undefined,
        metadata,
        now: deps.now,
      });
      // the same key with another request is refused (the one rule of keyed routes)
      if (result.replayed) assertSameRequest(result.purchase.metadata, metadata);
      return deps.aliasViewAfter(aliasId, result.position);
    },
  );

  mountRoute(router, deps.sessions, apiRoutes.deleteAlias, async (ctx, { params }, caller) => {
    const owner = await deps.aliasOwner(params.id);
    if (!owner) throw notFound();
    assertOwnerOrAdmin(caller, owner);
    const result = await handleAlias(
      deps.eventStore,
      streams.alias(params.id),
      (state) => decideDeleteAlias({ aliasId: params.id, userId: owner, deletedBy: caller.sub }, state, deps.now()),
      {
        metadata: commandMetadata(ctx, caller),
      },
    );
    await deps.settled(result.position);
    return { ok: true as const };
  });

  return router;
}
