import Router from '@koa/router';
import { apiRoutes, auracoinToUnits, type RefundKind, type RefundView } from '@aura/contracts';
import { refundSale } from '../../ledger';
import { DomainError } from '../../platform/domain-error';
import type { EventStore } from '../../platform/eventstore/port';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';

export interface RefundsRouterDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  now: () => Date;
  windowHours: number;
  /** the wallet the sale is on, or null when no such sale was made */
  saleWallet: (kind: RefundKind, saleId: string) => Promise<string | null>;
  /** the refund as listed, once the refunds read model has applied `position` */
  refundViewAfter: (refundId: string, position: number | undefined) => Promise<RefundView>;
}

/**
 * POST /api/admin/refunds (an admin money action, like payout runs and balance adjustments: a
 * second factor guards it where admins enrol one): the refund decided on the buyer's wallet.
 */
export function refundsRouter(deps: RefundsRouterDeps): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.issueRefund, async (ctx, { body }, caller) => {
    const walletId = await deps.saleWallet(body.kind, body.id);
    if (!walletId) throw new DomainError('sale_not_found');
    const refundId = newId();
    const result = await refundSale(
      deps.eventStore,
      {
        refundId,
        walletId,
        kind: body.kind,
        saleId: body.id,
        amountUnits: body.amount === undefined ? undefined : auracoinToUnits(body.amount),
        reason: body.reason,
        adminId: caller.sub,
        windowHours: deps.windowHours,
      },
      deps.now,
      { metadata: commandMetadata(ctx, caller) },
    );
    return deps.refundViewAfter(refundId, result.position);
  });
  return router;
}
