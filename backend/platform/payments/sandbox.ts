import { randomBytes } from 'node:crypto';
import type { Checkout, CheckoutRequest, PaymentOutcome, PaymentProvider } from './port';
import { verifySignature } from './signature';
import { readWebhookEvent } from './webhook-event';

export const SANDBOX_CHECKOUT_PREFIX = 'cs_test_';

/**
 * The embedded payment provider (`npm start`): its checkout page is served by this backend at
 * /api/payments/sandbox/{checkoutId}, clearly marked TEST MODE; confirming or declining there posts
 * a webhook signed with the sandbox's secret, verified exactly like a real provider's.
 */
export function createSandboxProvider(
  options: { webhookSecret?: string } = {},
): PaymentProvider & { webhookSecret: string } {
  const webhookSecret = options.webhookSecret ?? `whsec_test_${randomBytes(24).toString('hex')}`;
  return {
    name: 'sandbox',
    testMode: true,
    webhookSecret,
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      // the purchase id is already unique: one checkout per purchase, so a retried create is the same checkout
      const checkoutId = `${SANDBOX_CHECKOUT_PREFIX}${request.purchaseId}`;
      return { checkoutId, url: `/api/payments/sandbox/${checkoutId}` };
    },
    parseWebhook(rawBody: string, signature: string | undefined, now: Date): PaymentOutcome {
      verifySignature(rawBody, signature, webhookSecret, now);
      return readWebhookEvent(rawBody);
    },
  };
}
