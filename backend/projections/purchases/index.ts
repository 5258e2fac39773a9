import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import type { RecordedEvent } from '../../platform/recorded-event';
import { DISPUTES, disputesProjection } from './disputes';
import { PURCHASES, purchasesProjection, toPurchaseView, type PurchaseDoc } from './projection';
import { purchasesQueryRouter } from './query-routes';

/** Card purchases as read: a user's purchases and their state, and the card disputes. */
export function purchasesReadSide(ports: ModulePorts) {
  const purchases = ports.readModels.collection<PurchaseDoc>(PURCHASES);
  const settled = settledOn(ports.readModels, PURCHASES);
  return {
    name: 'purchases',
    projections: [purchasesProjection, disputesProjection],
    routers: [purchasesQueryRouter(ports)],
    queries: {
      /** the purchase a provider's payment paid for, or null */
      byPayment: async (paymentId: string) => (await purchases.findOne({ providerPaymentId: paymentId }))?._id ?? null,
      /** the purchase's view once the purchases read model has applied `position` (read-your-writes) */
      viewAfter: viewAfter(settled, (id) => purchases.findOne({ _id: id }), toPurchaseView),
      /** a user's purchases started after `since` that count against PURCHASE_LIMITS: pending and paid */
      countedSince: async (userId: string, since: Date) =>
        (
          await purchases.find({
            userId,
            createdAt: { $gt: since.toISOString() },
            status: { $in: ['pending', 'paid'] },
          })
        ).map((doc) => ({ startedAt: doc.createdAt, priceCents: doc.priceCents })),
      /** waits until the disputes read model has applied `position` */
      disputeSettled: settledOn(ports.readModels, DISPUTES),
      /** his card payments, oldest first, in euros (his data export) */
      paymentsOf: async (userId: string) =>
        (await purchases.find({ userId }, { sort: { createdAt: 1 } })).map((doc) => ({
          id: doc._id,
          packageId: doc.packageId,
          status: doc.status,
          amountEuro: doc.priceCents / 100,
          auracoin: doc.auracoinUnits / 100,
          createdAt: doc.createdAt,
        })),
    },
    /** a purchase was paid or declined: its buyer refetches it */
    async pushes(events: RecordedEvent[]) {
      if (
        events.some(
          (event) => event.type === 'DisputeOpened' || event.type === 'WalletFrozen' || event.type === 'DisputeClosed',
        )
      )
        ports.realtime.toAdmins('readmodel:changed', { model: 'disputes' });
      for (const event of events) {
        if (event.type !== 'PaymentConfirmed' && event.type !== 'PaymentDeclined') continue;
        const doc = await purchases.findOne({ _id: event.data.purchaseId });
        if (doc)
          ports.realtime.toUser(doc.userId, 'readmodel:changed', { model: 'purchases', id: event.data.purchaseId });
      }
    },
  } satisfies ReadSide & Record<string, unknown>;
}
