import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { toLedgerEntryView, WALLET_LEDGER, type LedgerEntryDoc } from './projection';

/** A wallet's statement: its owner's, or any for admins. */
export function walletQueryRouter(deps: { sessions: SessionManager; readModels: ReadModelStore }): Router {
  const router = new Router();
  const entries = deps.readModels.collection<LedgerEntryDoc>(WALLET_LEDGER);
  mountRoute(router, deps.sessions, apiRoutes.userLedger, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    return (await entries.find({ walletId: params.id }, { sort: { position: -1 }, limit: 500 })).map(toLedgerEntryView);
  });
  return router;
}
