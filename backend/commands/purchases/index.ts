import { notFound } from '../../platform/http/errors';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { paymentProviderFrom } from '../../platform/payments/config';
import { settledOn } from '../../kernel/projections/wait';
import { DISPUTES } from '../../projections/purchases/disputes';
import { PURCHASES, toPurchaseView, type PurchaseDoc } from '../../projections/purchases/projection';
import { purchasesRouter } from './routes';
import type { PurchaseServiceDeps } from './service';

export interface PurchasesDeps {
  users: { exists(userId: string): Promise<boolean> };
  packages: { byId: PurchaseServiceDeps['packageById'] };
  offers: { current: PurchaseServiceDeps['currentOffer'] };
}

/** Buying auracoin: a checkout through the payment port, credited only by a verified webhook. */
export function purchasesCommands(ports: ModulePorts, deps: PurchasesDeps) {
  const payments = paymentProviderFrom(ports.config);
  const purchases = ports.readModels.collection<PurchaseDoc>(PURCHASES);
  const settled = settledOn(ports.readModels, PURCHASES);
  return {
    name: 'purchases',
    routers: [
      purchasesRouter({
        ...ports,
        now: ports.clock.now,
        provider: payments.provider,
        sandboxWebhookSecret: payments.sandboxWebhookSecret,
        packageById: deps.packages.byId,
        currentOffer: deps.offers.current,
        userActive: deps.users.exists,
        purchaseByPayment: async (paymentId) =>
          (await purchases.findOne({ providerPaymentId: paymentId }))?._id ?? null,
        disputeSettled: settledOn(ports.readModels, DISPUTES),
        purchaseViewAfter: async (purchaseId, position) => {
          await settled(position);
          const doc = await purchases.findOne({ _id: purchaseId });
          if (!doc) throw notFound('Acquisto non trovato');
          return toPurchaseView(doc);
        },
      }),
    ],
  } satisfies CommandSide;
}
