import Router from '@koa/router';
import { apiRoutes } from '@aura/contracts';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import type { ReadModelStore } from '../../platform/readmodels/port';
import { toLedgerEntryView, WALLET_LEDGER, type LedgerEntryDoc } from './projection';

/** A wallet's statement: its owner's, or any for admins. */
export function walletQueryRouter(deps: {
  sessions: SessionManager;
  readModels: ReadModelStore;
  performerNamesOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>>;
}): Router {
  const router = new Router();
  const entries = deps.readModels.collection<LedgerEntryDoc>(WALLET_LEDGER);
  mountRoute(router, deps.sessions, apiRoutes.userLedger, async (_ctx, { params }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    const docs = await entries.find({ walletId: params.id }, { sort: { position: -1 }, limit: 500 });
    const names = await deps.performerNamesOf([
      ...new Set(docs.flatMap((doc) => (doc.performerId ? [doc.performerId] : []))),
    ]);
    return docs.map((doc) => toLedgerEntryView(doc, names));
  });
  return router;
}
