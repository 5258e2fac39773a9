import type { Config } from '../config/config';
import type { PaymentProvider } from './port';
import { createSandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';
import { createVerotelProvider } from './verotel';

export type PaymentSettings = Pick<
  Config,
  | 'PAYMENT_PROVIDER'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'PUBLIC_URL'
  | 'SANDBOX_WEBHOOK_SECRET'
  | 'VEROTEL_SHOP_ID'
  | 'VEROTEL_SIGNATURE_KEY'
  | 'VEROTEL_BRAND'
>;

/**
 * Which payment adapter runs, from the validated configuration: the sandbox unless
 * PAYMENT_PROVIDER=stripe or verotel (the config refuses either without its keys).
 */
export function paymentProviderFrom(config: PaymentSettings): {
  provider: PaymentProvider;
  sandboxWebhookSecret?: string;
} {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return {
      provider: createStripeProvider({
        secretKey: config.STRIPE_SECRET_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
        publicUrl: config.PUBLIC_URL!,
      }),
    };
  }
  if (config.PAYMENT_PROVIDER === 'verotel') {
    return {
      provider: createVerotelProvider({
        shopId: config.VEROTEL_SHOP_ID!,
        signatureKey: config.VEROTEL_SIGNATURE_KEY!,
        brand: config.VEROTEL_BRAND,
        publicUrl: config.PUBLIC_URL!,
      }),
    };
  }
  const sandbox = createSandboxProvider({ webhookSecret: config.SANDBOX_WEBHOOK_SECRET });
  return { provider: sandbox, sandboxWebhookSecret: sandbox.webhookSecret };
}
