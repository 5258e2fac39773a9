import type { ModulePorts, ReadSide } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { disputesProjection } from './disputes';
import { PURCHASES, purchasesProjection, type PurchaseDoc } from './projection';
import { purchasesQueryRouter } from './query-routes';

/** Card purchases as read: a user's purchases and their state, and the card disputes. */
export function purchasesReadSide(ports: ModulePorts) {
  const purchases = ports.readModels.collection<PurchaseDoc>(PURCHASES);
  return {
    name: 'purchases',
    projections: [purchasesProjection, disputesProjection],
    routers: [purchasesQueryRouter(ports)],
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
  } satisfies ReadSide;
}
