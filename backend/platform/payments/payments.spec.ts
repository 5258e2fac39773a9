import { createSandboxProvider } from './sandbox';
import { signatureHeader, verifySignature, WebhookSignatureError } from './signature';
import { createStripeProvider } from './stripe';
import { completedEventBody } from './webhook-event';

const secret = 'whsec_test_0123456789abcdef';
const now = new Date('2026-11-20T10:00:00.000Z');
const purchaseId = '3e0f7a4b-1cad-4b96-ad84-8d7f4e5a6b72';
const body = completedEventBody({
  eventId: 'evt_1',
  checkoutId: 'cs_test_1',
  purchaseId,
  amountCents: 4900,
  paymentId: 'pi_1',
});

describe('signed webhooks', () => {
  it('accepts a payload signed with the secret within the window', () => {
    expect(() =>
      verifySignature(body, signatureHeader(body, secret, now), secret, new Date(now.getTime() + 299_000)),
    ).not.toThrow();
  });

  it('refuses a tampered body, a wrong secret, a missing or malformed header', () => {
    const header = signatureHeader(body, secret, now);
    expect(() => verifySignature(body.replace('4900', '1'), header, secret, now)).toThrow(WebhookSignatureError);
    expect(() => verifySignature(body, signatureHeader(body, 'whsec_other_secret_x', now), secret, now)).toThrow(
      'Signature does not match',
    );
    expect(() => verifySignature(body, undefined, secret, now)).toThrow('Missing signature header');
    expect(() => verifySignature(body, 'v1=abc', secret, now)).toThrow('Malformed signature header');
  });

  it('refuses a stale or future timestamp (replay)', () => {
    const old = signatureHeader(body, secret, new Date(now.getTime() - 301_000));
    expect(() => verifySignature(body, old, secret, now)).toThrow('tolerance');
    const future = signatureHeader(body, secret, new Date(now.getTime() + 301_000));
    expect(() => verifySignature(body, future, secret, now)).toThrow('tolerance');
  });

  it('accepts any matching v1 among several (secret rotation)', () => {
    const t = Math.floor(now.getTime() / 1000);
    const good = signatureHeader(body, secret, now).split('v1=')[1];
    expect(() => verifySignature(body, `t=${t},v1=${'0'.repeat(64)},v1=${good}`, secret, now)).not.toThrow();
  });
});

describe('sandbox provider', () => {
  it('opens a test checkout per purchase and reads its signed completion', async () => {
    const sandbox = createSandboxProvider({ webhookSecret: secret });
    const checkout = await sandbox.createCheckout({
      purchaseId,
      amountCents: 4900,
      currency: 'eur',
      description: 'x',
      successUrl: '/user',
      cancelUrl: '/user',
    });
    expect(checkout).toEqual({
      checkoutId: `cs_test_${purchaseId}`,
      url: `/api/payments/sandbox/cs_test_${purchaseId}`,
    });
    expect(sandbox.parseWebhook(body, signatureHeader(body, secret, now), now)).toEqual({
      kind: 'succeeded',
      eventId: 'evt_1',
      checkoutId: 'cs_test_1',
      purchaseId,
      paymentId: 'pi_1',
      amountCents: 4900,
    });
  });
});

describe('stripe provider', () => {
  it('creates a hosted checkout session with the purchase as reference', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ id: 'cs_live_1', url: 'https://checkout.stripe.com/c/pay/cs_live_1' }), {
        status: 200,
      });
    }) as unknown as typeof fetch;
    const stripe = createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: secret,
      publicUrl: 'https://aura.example',
      fetch: fakeFetch,
    });
    const checkout = await stripe.createCheckout({
      purchaseId,
      amountCents: 4900,
      currency: 'eur',
      description: '110 auracoin',
      successUrl: '/user?purchase=1',
      cancelUrl: '/user',
    });
    expect(checkout).toEqual({ checkoutId: 'cs_live_1', url: 'https://checkout.stripe.com/c/pay/cs_live_1' });
    const form = new URLSearchParams(calls[0]!.init.body as string);
    expect(form.get('client_reference_id')).toBe(purchaseId);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(form.get('success_url')).toBe('https://aura.example/user?purchase=1');
    expect((calls[0]!.init.headers as Record<string, string>)['idempotency-key']).toBe(`checkout-${purchaseId}`);
  });

  it('verifies Stripe-Signature webhooks and refuses bad ones', () => {
    const stripe = createStripeProvider({
      secretKey: 'sk_test_x',
      webhookSecret: secret,
      publicUrl: 'https://aura.example',
    });
    expect(stripe.parseWebhook(body, signatureHeader(body, secret, now), now).kind).toBe('succeeded');
    expect(() => stripe.parseWebhook(body, signatureHeader(body, 'whsec_wrong_secret_1', now), now)).toThrow(
      WebhookSignatureError,
    );
    expect(() =>
      stripe.parseWebhook(body, signatureHeader(body, secret, new Date(now.getTime() - 600_000)), now),
    ).toThrow(WebhookSignatureError);
  });
});
