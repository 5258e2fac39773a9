import type { CommandSide, ModulePorts } from '../../kernel/module';
import { paymentProviderFrom } from '../../platform/payments/config';
import { purchasesRouter, type PurchasesDeps as RouterDeps } from './routes';
import type { PurchaseServiceDeps } from './service';

export interface PurchasesDeps {
  users: { exists(userId: string): Promise<boolean> };
  packages: { byId: PurchaseServiceDeps['packageById'] };
  offers: { current: PurchaseServiceDeps['currentOffer'] };
  /** the purchases read side: a purchase by its payment, its view once written, disputes as read */
  purchases: {
    byPayment: RouterDeps['purchaseByPayment'];
    viewAfter: RouterDeps['purchaseViewAfter'];
    disputeSettled: RouterDeps['disputeSettled'];
    countedSince: RouterDeps['countedPurchases'];
  };
}

/** Buying auracoin: a checkout through the payment port, credited only by a verified webhook. */
export function purchasesCommands(ports: ModulePorts, deps: PurchasesDeps) {
  const payments = paymentProviderFrom(ports.config);
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
        purchaseByPayment: deps.purchases.byPayment,
        disputeSettled: deps.purchases.disputeSettled,
        purchaseViewAfter: deps.purchases.viewAfter,
        purchaseLimits: ports.config.PURCHASE_LIMITS,
        countedPurchases: deps.purchases.countedSince,
      }),
    ],
  } satisfies CommandSide;
}
