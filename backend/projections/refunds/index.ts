import type { ModulePorts, ReadSide } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { refundSalesProjection, refundsProjection } from './projection';
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
  return {
    name: 'refunds',
    projections: [refundsProjection, refundSalesProjection],
    routers: [refundsQueryRouter({ ...ports, ...deps, searchSales })],
    /** the buyer hears of his refund (a toast; his ledger refetches), the admins' list refetches */
    async pushes(events: RecordedEvent[]) {
      for (const event of events) {
        if (event.type !== 'SaleRefunded') continue;
        const { walletId, refundId, kind, amount, reason } = event.data;
        ports.realtime.toUser(walletId, 'refund:issued', { refundId, kind, amount: amount / 100, reason });
        ports.realtime.toAdmins('readmodel:changed', { model: 'refunds', id: refundId });
      }
    },
  } satisfies ReadSide;
}
