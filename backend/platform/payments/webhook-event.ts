import { z } from 'zod';
import type { PaymentOutcome } from './port';
import { WebhookSignatureError } from './signature';

/**
 * The webhook body both adapters speak (Stripe's event shape, the fields we use): an event id, a
 * type, and the checkout session object with our purchase id as `client_reference_id`.
 */
const WebhookEvent = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({
    object: z.object({
      id: z.string().min(1),
      client_reference_id: z.string().uuid().nullish(),
      amount_total: z.number().int().nullish(),
      payment_intent: z.string().nullish(),
      payment_status: z.string().nullish(),
    }).passthrough(),
  }),
}).passthrough();

export function readWebhookEvent(rawBody: string): PaymentOutcome {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError('Webhook body is not JSON');
  }
  const parsed = WebhookEvent.safeParse(json);
  if (!parsed.success) throw new WebhookSignatureError('Webhook body is not a checkout event');
  const event = parsed.data;
  const session = event.data.object;
  const purchaseId = session.client_reference_id ?? undefined;
  if (event.type === 'checkout.session.completed' && purchaseId && session.payment_status !== 'unpaid') {
    return {
      kind: 'succeeded',
      eventId: event.id,
      checkoutId: session.id,
      purchaseId,
      paymentId: session.payment_intent ?? session.id,
      amountCents: session.amount_total ?? 0,
    };
  }
  if ((event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') && purchaseId) {
    return { kind: 'failed', eventId: event.id, checkoutId: session.id, purchaseId };
  }
  return { kind: 'ignored', eventId: event.id, type: event.type };
}

/** The body a provider posts when a checkout is paid (the sandbox builds it; tests sign it). */
export function completedEventBody(input: { eventId: string; checkoutId: string; purchaseId: string; amountCents: number; paymentId: string }): string {
  return JSON.stringify({
    id: input.eventId,
    type: 'checkout.session.completed',
    data: { object: { id: input.checkoutId, client_reference_id: input.purchaseId, amount_total: input.amountCents, payment_intent: input.paymentId, payment_status: 'paid' } },
  });
}

export function expiredEventBody(input: { eventId: string; checkoutId: string; purchaseId: string }): string {
  return JSON.stringify({
    id: input.eventId,
    type: 'checkout.session.expired',
    data: { object: { id: input.checkoutId, client_reference_id: input.purchaseId, payment_status: 'unpaid' } },
  });
}
