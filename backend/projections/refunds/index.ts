import type { RefundKind } from '@aura/contracts';
import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import type { RecordedEvent } from '../../platform/recorded-event';
import {
  REFUND_SALES,
  REFUNDS,
  refundSalesProjection,
  refundsProjection,
  toRefundView,
  type RefundDoc,
  type RefundSaleDoc,
} from './projection';
import { refundsQueryRouter } from './query-routes';
import { createSaleSearch, type SaleSearchDeps } from './sales-search';

/** What the sales' search reads of the buyers' and performers' read sides. */
export type RefundsReadDeps = Omit<SaleSearchDeps, 'readModels' | 'windowHours'>;

/** Refunds as read: the admins' list and search of sales, which wallet each sale is on, and the buyer's toast. */
export function refundsReadSide(ports: ModulePorts, deps: RefundsReadDeps) {
  const searchSales = createSaleSearch({
    ...deps,
    readModels: ports.readModels,
    windowHours: ports.config.REFUND_WINDOW_HOURS,
  });
  const refunds = ports.readModels.collection<RefundDoc>(REFUNDS);
  const sales = ports.readModels.collection<RefundSaleDoc>(REFUND_SALES);
  const settledRefunds = settledOn(ports.readModels, REFUNDS);
  const settledSales = settledOn(ports.readModels, REFUND_SALES);
  const walletOf = async (kind: string, saleId: string) =>
    (await sales.findOne({ _id: `${kind}:${saleId}` }))?.walletId ?? null;
  return {
    name: 'refunds',
    projections: [refundsProjection, refundSalesProjection],
    routers: [refundsQueryRouter({ ...ports, ...deps, searchSales })],
    queries: {
      /** the wallet a sale was paid from; a sale made a moment ago may not be listed yet: look again once the list has caught up with the log */
      async saleWallet(kind: RefundKind, saleId: string) {
        const found = await walletOf(kind, saleId);
        if (found) return found;
        await settledSales(await ports.eventStore.headPosition());
        return walletOf(kind, saleId);
      },
      /** the refund's view once the refunds read model has applied `position` (read-your-writes) */
      viewAfter: viewAfter(settledRefunds, (id) => refunds.findOne({ _id: id }), toRefundView),
    },
    /** the buyer hears of his refund (a toast; his ledger refetches), the admins' list refetches */
    async pushes(events: RecordedEvent[]) {
      for (const event of events) {
        if (event.type !== 'SaleRefunded') continue;
        const { walletId, refundId, kind, amount, reason } = event.data;
        ports.realtime.toUser(walletId, 'refund:issued', { refundId, kind, amount: amount / 100, reason });
        ports.realtime.toAdmins('readmodel:changed', { model: 'refunds', id: refundId });
      }
    },
  } satisfies ReadSide & Record<string, unknown>;
}
