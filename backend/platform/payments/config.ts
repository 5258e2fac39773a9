import { z } from 'zod';
import type { PaymentProvider } from './port';
import { createSandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';

/**
 * Which payment adapter runs, from the environment (validated at start): the sandbox unless
 * PAYMENT_PROVIDER=stripe with its keys.
 */
const PaymentsEnv = z
  .object({
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    PUBLIC_URL: z.string().url().optional(),
    SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  })
  .refine((env) => env.PAYMENT_PROVIDER !== 'stripe' || (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.PUBLIC_URL), {
    message: 'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and PUBLIC_URL',
  });

export function paymentProviderFromEnv(env: Record<string, string | undefined> = process.env): { provider: PaymentProvider; sandboxWebhookSecret?: string } {
  const parsed = PaymentsEnv.parse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (parsed.PAYMENT_PROVIDER === 'stripe') {
    return { provider: createStripeProvider({ secretKey: parsed.STRIPE_SECRET_KEY!, webhookSecret: parsed.STRIPE_WEBHOOK_SECRET!, publicUrl: parsed.PUBLIC_URL! }) };
  }
  const sandbox = createSandboxProvider({ webhookSecret: parsed.SANDBOX_WEBHOOK_SECRET });
  return { provider: sandbox, sandboxWebhookSecret: sandbox.webhookSecret };
}
