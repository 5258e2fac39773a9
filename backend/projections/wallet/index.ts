import type { ModulePorts, ReadSide } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { toLedgerEntryView, WALLET_LEDGER, walletLedgerProjection, type LedgerEntryDoc } from './projection';
import { walletQueryRouter } from './query-routes';

export interface WalletReadDeps {
  users: { balanceOf(userId: string): Promise<number | null> };
  /** the performers' names (a movement names whose sale it paid) */
  performers: { namesOf(ids: readonly string[]): Promise<ReadonlyMap<string, string>> };
}

/** Wallets as read: a user's statement, and the `balance:changed` push. */
export function walletReadSide(ports: ModulePorts, deps: WalletReadDeps) {
  return {
    name: 'wallet',
    projections: [walletLedgerProjection],
    routers: [walletQueryRouter({ ...ports, performerNamesOf: deps.performers.namesOf })],
    queries: {
      /** a wallet's whole statement, newest first (the download of his data) */
      ledgerOf: async (walletId: string) => {
        const docs = await ports.readModels
          .collection<LedgerEntryDoc>(WALLET_LEDGER)
          .find({ walletId }, { sort: { position: -1 } });
        const names = await deps.performers.namesOf([
          ...new Set(docs.flatMap((doc) => (doc.performerId ? [doc.performerId] : []))),
        ]);
        return docs.map((doc) => toLedgerEntryView(doc, names));
      },
    },
    /** every wallet that moved in the batch: its owner hears the new balance */
    async pushes(events: RecordedEvent[]) {
      const wallets = new Set<string>();
      for (const event of events) {
        if (event.type === 'AuracoinCredited' || event.type === 'AuracoinDebited' || event.type === 'AuracoinAdjusted')
          wallets.add(event.data.walletId);
      }
      for (const userId of wallets) {
        const auracoinBalance = await deps.users.balanceOf(userId);
        if (auracoinBalance !== null) ports.realtime.toUser(userId, 'balance:changed', { userId, auracoinBalance });
      }
    },
  } satisfies ReadSide & Record<string, unknown>;
}
