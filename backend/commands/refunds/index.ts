import { notFound } from '../../platform/http/errors';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import {
  REFUND_SALES,
  REFUNDS,
  toRefundView,
  type RefundDoc,
  type RefundSaleDoc,
} from '../../projections/refunds/projection';
import { refundsRouter } from './routes';

/** Refunds of sessions, paid messages and photo sales by an admin (docs/architecture.md#refunds). */
export function refundsCommands(ports: ModulePorts) {
  const refunds = ports.readModels.collection<RefundDoc>(REFUNDS);
  const sales = ports.readModels.collection<RefundSaleDoc>(REFUND_SALES);
  const settledRefunds = settledOn(ports.readModels, REFUNDS);
  const settledSales = settledOn(ports.readModels, REFUND_SALES);
  const walletOf = async (kind: string, saleId: string) =>
    (await sales.findOne({ _id: `${kind}:${saleId}` }))?.walletId ?? null;
  return {
    name: 'refunds',
    routers: [
      refundsRouter({
        ...ports,
        now: ports.clock.now,
        windowHours: ports.config.REFUND_WINDOW_HOURS,
        // a sale made a moment ago may not be listed yet: look again once the list has caught up with the log
        async saleWallet(kind, saleId) {
          const found = await walletOf(kind, saleId);
          if (found) return found;
          await settledSales(await ports.eventStore.headPosition());
          return walletOf(kind, saleId);
        },
        async refundViewAfter(refundId, position) {
          await settledRefunds(position);
          const doc = await refunds.findOne({ _id: refundId });
          if (!doc) throw notFound('Rimborso non trovato');
          return toRefundView(doc);
        },
      }),
    ],
  } satisfies CommandSide;
}
