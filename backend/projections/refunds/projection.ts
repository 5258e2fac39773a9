import type { DomainEvent, RefundKind, RefundView } from '@aura/contracts';
import { SALE_EVENT_TYPES, saleKey, walletSaleOf } from '../../ledger';
import { docProjection } from '../../platform/projections/doc-projection';
import type { RecordedEvent } from '../../platform/recorded-event';

/** Every refund, as admins list it. */
export const REFUNDS = 'refunds';
/** Which wallet each sale is on (`<kind>:<id>`): where a refund of it is decided. */
export const REFUND_SALES = 'refund-sales';

export type RefundDoc = Omit<RefundView, 'id'> & { _id: string };
export type RefundSaleDoc = { _id: string; kind: RefundKind; walletId: string; performerId: string };

export function evolveRefund(doc: RefundDoc | null, event: DomainEvent): RefundDoc | null {
  if (event.type !== 'SaleRefunded') return doc;
  const d = event.data;
  return {
    _id: d.refundId,
    kind: d.kind,
    saleId: d.saleId,
    userId: d.walletId,
    performerId: d.performerId,
    amount: d.amount / 100,
    purchased: d.purchasedAmount / 100,
    promotional: d.promotionalAmount / 100,
    saleAmount: d.saleGrossUnits / 100,
    clawbackCents: d.clawbackCents,
    reason: d.reason,
    adminId: d.adminId,
    refundedAt: d.refundedAt,
  };
}

export const refundsProjection = docProjection<RefundDoc>({
  name: REFUNDS,
  collection: REFUNDS,
  eventTypes: ['SaleRefunded'],
  documentId: (event) => (event.type === 'SaleRefunded' ? event.data.refundId : undefined),
  evolve: evolveRefund,
  indexes: [{ keys: { refundedAt: -1 } }],
});

const walletOf = (event: RecordedEvent) => event.streamId.slice('wallet-'.length);

/** Tips are final: only the other sales can be looked up for a refund. */
function refundableSaleOf(event: RecordedEvent) {
  const sale = walletSaleOf(event);
  return sale && sale.kind !== 'tip' ? { ...sale, kind: sale.kind } : undefined;
}

/** A sale's wallet: the first of its events names it (a session's later minutes change nothing). */
export const refundSalesProjection = docProjection<RefundSaleDoc>({
  name: REFUND_SALES,
  collection: REFUND_SALES,
  eventTypes: SALE_EVENT_TYPES,
  documentId: (event) => {
    const sale = refundableSaleOf(event);
    return sale && saleKey(sale.kind, sale.saleId);
  },
  evolve: (doc, event) => {
    const sale = refundableSaleOf(event);
    if (doc || !sale || !event.streamId.startsWith('wallet-')) return doc;
    return {
      _id: saleKey(sale.kind, sale.saleId),
      kind: sale.kind,
      walletId: walletOf(event),
      performerId: sale.performerId,
    };
  },
});

export const toRefundView = ({ _id, ...doc }: RefundDoc): RefundView => ({ id: _id, ...doc });
