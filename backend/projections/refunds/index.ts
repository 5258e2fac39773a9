import type { ModulePorts, ReadSide } from '../../platform/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { refundSalesProjection, refundsProjection } from './projection';
import { refundsQueryRouter } from './query-routes';

/** Refunds as read: the admins' list, which wallet each sale is on, and the buyer's toast. */
export function refundsReadSide(ports: ModulePorts) {
  return {
    name: 'refunds',
    projections: [refundsProjection, refundSalesProjection],
    routers: [refundsQueryRouter(ports)],
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
