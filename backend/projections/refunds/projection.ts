import type { DomainEvent, RefundKind, RefundView } from '@aura/contracts';
import { SALE_EVENT_TYPES, saleKey, walletIdOfStream, walletSaleOf } from '../../ledger';
import { docProjection } from '../../kernel/projections/doc-projection';
import type { RecordedEvent } from '../../platform/recorded-event';

/** Every refund, as admins list it. */
export const REFUNDS = 'refunds';
/** Which wallet each sale is on (`<kind>:<id>`): where a refund of it is decided. */
export const REFUND_SALES = 'refund-sales';

export type RefundDoc = Omit<RefundView, 'id'> & { _id: string };
export type RefundSaleDoc = {
  _id: string;
  kind: RefundKind;
  walletId: string;
  performerId: string;
  /** the session, message or photo purchase (absent on documents folded before the search: not listed) */
  saleId?: string;
  /** its first event's time (a session: its first minute), ISO, and its place in the log (sales of one instant in order) */
  soldAt?: string;
  soldPosition?: number;
  /** its last part's time (the refund window runs from it), ISO */
  lastAt?: string;
  /** what the buyer paid (a session: every part so far), and of it refunded, minor units */
  grossUnits?: number;
  refundedUnits?: number;
};

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

/** Tips and show tickets are final: only the other sales can be looked up for a refund. */
function refundableSaleOf(event: RecordedEvent) {
  const sale = walletSaleOf(event);
  return sale && sale.kind !== 'tip' && sale.kind !== 'ticket' ? { ...sale, kind: sale.kind } : undefined;
}

/**
 * A sale's wallet (the first of its events names it), when it was made, what it came to (a session's
 * parts add up) and what refunds gave back of it: what the admins' search lists.
 */
export const refundSalesProjection = docProjection<RefundSaleDoc>({
  name: REFUND_SALES,
  collection: REFUND_SALES,
  eventTypes: [...SALE_EVENT_TYPES, 'SaleRefunded'],
  documentId: (event) => {
    if (event.type === 'SaleRefunded') return saleKey(event.data.kind, event.data.saleId);
    const sale = refundableSaleOf(event);
    return sale && saleKey(sale.kind, sale.saleId);
  },
  indexes: [{ keys: { soldAt: -1, soldPosition: -1 } }, { keys: { walletId: 1 } }, { keys: { performerId: 1 } }],
  evolve: (doc, event) => {
    if (event.type === 'SaleRefunded')
      return doc && { ...doc, refundedUnits: (doc.refundedUnits ?? 0) + event.data.amount };
    const sale = refundableSaleOf(event);
    const walletId = walletIdOfStream(event.streamId);
    if (!sale || walletId === undefined) return doc;
    const at = new Date(sale.at).toISOString();
    if (doc)
      return {
        ...doc,
        grossUnits: (doc.grossUnits ?? 0) + sale.grossUnits,
        lastAt: doc.lastAt && doc.lastAt > at ? doc.lastAt : at,
      };
    return {
      _id: saleKey(sale.kind, sale.saleId),
      kind: sale.kind,
      walletId,
      performerId: sale.performerId,
      saleId: sale.saleId,
      soldAt: at,
      soldPosition: event.position,
      lastAt: at,
      grossUnits: sale.grossUnits,
      refundedUnits: 0,
    };
  },
});

export const toRefundView = ({ _id, ...doc }: RefundDoc): RefundView => ({ id: _id, ...doc });
