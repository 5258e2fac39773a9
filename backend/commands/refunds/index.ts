import type { CommandSide, ModulePorts } from '../../kernel/module';
import { refundsRouter, type RefundsRouterDeps as RouterDeps } from './routes';

/** What the refunds' routes read of the refunds read side (entry hands it over). */
export interface RefundsDeps {
  refunds: { saleWallet: RouterDeps['saleWallet']; viewAfter: RouterDeps['refundViewAfter'] };
}

/** Refunds of sessions, paid messages and photo sales by an admin (docs/architecture.md#refunds). */
export function refundsCommands(ports: ModulePorts, deps: RefundsDeps) {
  return {
    name: 'refunds',
    routers: [
      refundsRouter({
        ...ports,
        now: ports.clock.now,
        windowHours: ports.config.REFUND_WINDOW_HOURS,
        saleWallet: deps.refunds.saleWallet,
        refundViewAfter: deps.refunds.viewAfter,
      }),
    ],
  } satisfies CommandSide;
}
