import type { Checkout, CheckoutRequest, PaymentOutcome, PaymentProvider } from './port';
import { DEFAULT_TOLERANCE_SECONDS, verifySignature } from './signature';
import { readWebhookEvent } from './webhook-event';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** absolute origin of this site, for the success and cancel addresses */
  publicUrl: string;
  apiBase?: string;
  toleranceSeconds?: number;
  fetch?: typeof fetch;
}

/**
 * The real provider adapter: Stripe Checkout. Creates a hosted checkout session (idempotent per
 * purchase through Stripe's Idempotency-Key) and verifies `Stripe-Signature` webhooks
 * (t=…,v1=… HMAC-SHA256, tolerance window).
 */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const apiBase = options.apiBase ?? 'https://api.stripe.com';
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : new URL(url, options.publicUrl).toString());
  return {
    name: 'stripe',
    testMode: options.secretKey.startsWith('sk_test_'),
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const form = new URLSearchParams({
        mode: 'payment',
        client_reference_id: request.purchaseId,
        success_url: absolute(request.successUrl),
        cancel_url: absolute(request.cancelUrl),
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': request.currency,
        'line_items[0][price_data][unit_amount]': String(request.amountCents),
        'line_items[0][price_data][product_data][name]': request.description,
        'metadata[purchaseId]': request.purchaseId,
      });
      const response = await doFetch(`${apiBase}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `checkout-${request.purchaseId}`,
        },
        body: form.toString(),
      });
      if (!response.ok) throw new Error(`Payment provider refused the checkout: ${response.status}`);
      const session = (await response.json()) as { id?: unknown; url?: unknown };
      if (typeof session.id !== 'string' || typeof session.url !== 'string')
        throw new Error('Payment provider answered without a checkout');
      return { checkoutId: session.id, url: session.url };
    },
    parseWebhook(rawBody: string, signature: string | undefined, now: Date): PaymentOutcome {
      verifySignature(
        rawBody,
        signature,
        options.webhookSecret,
        now,
        options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
      );
      return readWebhookEvent(rawBody);
    },
  };
}
