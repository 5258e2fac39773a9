import type { UserView } from '@aura/contracts';
import type { AuraModule, ModulePorts } from '../../platform/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { walletLedgerProjection } from './projection';
import { walletQueryRouter } from './query-routes';
import { walletRouter } from './routes';

export interface WalletDeps {
  users: {
    exists(userId: string): Promise<boolean>;
    viewAfter(userId: string, position: number | undefined): Promise<UserView>;
    balanceOf(userId: string): Promise<number | null>;
  };
}

/**
 * Wallets: the statement read model, an admin's balance adjustment, the `balance:changed` push.
 * Spending goes through `platform/ledger/spend.ts`, whichever module sells something.
 */
export function walletModule(ports: ModulePorts, deps: WalletDeps) {
  return {
    name: 'wallet',
    projections: [walletLedgerProjection],
    routers: [
      walletRouter({ ...ports, userExists: deps.users.exists, userViewAfter: deps.users.viewAfter }),
      walletQueryRouter(ports),
    ],
    /** every wallet that moved in the batch: its owner hears the new balance */
    async pushes(events: RecordedEvent[]) {
      const wallets = new Set<string>();
      for (const event of events) {
        if (event.type === 'AuracoinCredited' || event.type === 'AuracoinDebited' || event.type === 'AuracoinAdjusted') wallets.add(event.data.walletId);
      }
      for (const userId of wallets) {
        const auracoinBalance = await deps.users.balanceOf(userId);
        if (auracoinBalance !== null) ports.realtime.toUser(userId, 'balance:changed', { userId, auracoinBalance });
      }
    },
  } satisfies AuraModule;
}
