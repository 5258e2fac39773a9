import type { UserView } from '@aura/contracts';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { walletRouter } from './routes';

export interface WalletDeps {
  users: {
    exists(userId: string): Promise<boolean>;
    viewAfter(userId: string, position: number | undefined): Promise<UserView>;
  };
}

/** An admin's balance adjustment; spending goes through the ledger, whichever module sells something. */
export function walletCommands(ports: ModulePorts, deps: WalletDeps) {
  return {
    name: 'wallet',
    routers: [
      walletRouter({
        ...ports,
        now: ports.clock.now,
        userExists: deps.users.exists,
        userViewAfter: deps.users.viewAfter,
      }),
    ],
  } satisfies CommandSide;
}
