import { notFound } from '../../platform/http/errors';
import type { AuraModule, ModulePorts } from '../../platform/module';
import { paymentProviderFrom } from '../../platform/payments/config';
import { settledOn } from '../../platform/projections/wait';
import type { RecordedEvent } from '../../platform/recorded-event';
import { PURCHASES, purchasesProjection, toPurchaseView, type PurchaseDoc } from './projection';
import { purchasesQueryRouter } from './query-routes';
import { purchasesRouter } from './routes';
import type { PurchaseServiceDeps } from './service';

export interface PurchasesDeps {
  users: { exists(userId: string): Promise<boolean> };
  packages: { byId: PurchaseServiceDeps['packageById'] };
  offers: { current: PurchaseServiceDeps['currentOffer'] };
}

/** Buying auracoin: a checkout through the payment port, credited only by a verified webhook. */
export function purchasesModule(ports: ModulePorts, deps: PurchasesDeps) {
  const payments = paymentProviderFrom(ports.config);
  const purchases = ports.readModels.collection<PurchaseDoc>(PURCHASES);
  const settled = settledOn(ports.readModels, PURCHASES);
  return {
    name: 'purchases',
    projections: [purchasesProjection],
    routers: [
      purchasesQueryRouter(ports),
      purchasesRouter({
        ...ports,
        provider: payments.provider,
        sandboxWebhookSecret: payments.sandboxWebhookSecret,
        packageById: deps.packages.byId,
        currentOffer: deps.offers.current,
        userActive: deps.users.exists,
        purchaseViewAfter: async (purchaseId, position) => {
          await settled(position);
          const doc = await purchases.findOne({ _id: purchaseId });
          if (!doc) throw notFound('Acquisto non trovato');
          return toPurchaseView(doc);
        },
      }),
    ],
    /** a purchase was paid or declined: its buyer refetches it */
    async pushes(events: RecordedEvent[]) {
      for (const event of events) {
        if (event.type !== 'PaymentConfirmed' && event.type !== 'PaymentDeclined') continue;
        const doc = await purchases.findOne({ _id: event.data.purchaseId });
        if (doc) ports.realtime.toUser(doc.userId, 'readmodel:changed', { model: 'purchases', id: event.data.purchaseId });
      }
    },
  } satisfies AuraModule;
}
