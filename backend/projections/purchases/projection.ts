import type { DomainEvent, PurchaseView } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import { dataField } from '../../platform/recorded-event';

export const PURCHASES = 'purchases';

export type PurchaseDoc = {
  _id: string;
  userId: string;
  packageId: string;
  status: 'pending' | 'paid' | 'declined';
  checkoutUrl: string;
  credits: number;
  auracoinUnits: number;
  priceCents: number;
  discountPercent: number;
  offerBonusPercent: number;
  createdAt: string;
  /** a confirmation seen before the start (only after a crash mid-replay) */
  settled?: 'paid' | 'declined';
  /** the provider's payment id, once paid (a dispute names it) */
  providerPaymentId?: string;
};

export function evolvePurchase(doc: PurchaseDoc | null, event: DomainEvent): PurchaseDoc | null {
  switch (event.type) {
    case 'CheckoutStarted':
      return {
        _id: event.data.purchaseId,
        userId: event.data.userId,
        packageId: event.data.packageId,
        status: doc?.settled ?? 'pending',
        checkoutUrl: event.data.checkoutUrl,
        credits: event.data.credits,
        auracoinUnits: event.data.auracoinUnits,
        priceCents: event.data.priceCents,
        discountPercent: event.data.discountPercent,
        offerBonusPercent: event.data.offerBonusPercent,
        createdAt: event.data.startedAt,
      };
    case 'PaymentConfirmed':
      return doc ? { ...doc, status: 'paid', settled: 'paid', providerPaymentId: event.data.providerPaymentId } : null;
    case 'PaymentDeclined':
      return doc && doc.status === 'pending' ? { ...doc, status: 'declined', settled: 'declined' } : doc;
    default:
      return doc;
  }
}

export const purchasesProjection = docProjection<PurchaseDoc>({
  name: PURCHASES,
  collection: PURCHASES,
  eventTypes: ['CheckoutStarted', 'PaymentConfirmed', 'PaymentDeclined'],
  documentId: (event) => dataField(event, 'purchaseId'),
  evolve: evolvePurchase,
  indexes: [
    { keys: { userId: 1, createdAt: -1 }, options: { name: 'by_user' } },
    { keys: { providerPaymentId: 1 }, options: { name: 'by_payment' } },
  ],
});

export const toPurchaseView = (doc: PurchaseDoc): PurchaseView => ({
  id: doc._id,
  packageId: doc.packageId,
  status: doc.status,
  checkoutUrl: doc.checkoutUrl,
  credits: doc.credits,
  auracoin: doc.auracoinUnits / 100,
  price: doc.priceCents / 100,
  discountPercent: doc.discountPercent,
  offerBonusPercent: doc.offerBonusPercent,
  createdAt: doc.createdAt,
});
