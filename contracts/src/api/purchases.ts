import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';

export const CreatePurchaseBody = z.object({ packageId: z.string().uuid() });
export type CreatePurchaseBody = z.infer<typeof CreatePurchaseBody>;

export const PurchaseView = z.object({
  id: z.string().uuid(),
  packageId: z.string().uuid(),
  status: z.enum(['pending', 'paid', 'declined']),
  /** where the buyer pays (the provider's page; the sandbox's in test mode) */
  checkoutUrl: z.string(),
  /** base auracoin of the package (decides the celebration) */
  credits: z.number().int(),
  /** auracoin credited when paid (credits + bonus + offer bonus) */
  auracoin: z.number(),
  /** euro charged, after the tier discount */
  price: z.number(),
  discountPercent: z.number().int(),
  offerBonusPercent: z.number().int(),
  createdAt: z.string(),
});
export type PurchaseView = z.infer<typeof PurchaseView>;

const CheckoutIdParam = z.object({ checkoutId: z.string() });

export const purchasesRoutes = {
  createPurchase: {
    method: 'post',
    path: '/api/purchases',
    summary: 'Start buying a package: a checkout through the payment port',
    tag: 'purchases',
    auth: 'user',
    idempotencyKey: 'required',
    body: CreatePurchaseBody,
    response: PurchaseView,
    status: 201,
  },
  paymentWebhook: {
    method: 'post',
    path: '/api/payments/webhook',
    summary: 'Signed payment-provider webhook (Stripe-Signature: t=…,v1=…)',
    tag: 'purchases',
    auth: 'public',
    body: z.unknown(),
    response: z.object({ received: z.literal(true) }),
  },
  sandboxCheckout: {
    method: 'get',
    path: '/api/payments/sandbox/{checkoutId}',
    summary: "The embedded sandbox's TEST MODE checkout page (only while the sandbox runs)",
    tag: 'purchases',
    auth: 'public',
    params: CheckoutIdParam,
    answers: 'html',
    response: z.string(),
  },
  sandboxConfirm: {
    method: 'post',
    path: '/api/payments/sandbox/{checkoutId}/confirm',
    summary: 'Sandbox: pay; posts a signed webhook, then back to /user',
    tag: 'purchases',
    auth: 'public',
    params: CheckoutIdParam,
    answers: 'redirect',
    response: z.unknown(),
  },
  sandboxDecline: {
    method: 'post',
    path: '/api/payments/sandbox/{checkoutId}/decline',
    summary: 'Sandbox: decline; posts a signed webhook, then back to /user',
    tag: 'purchases',
    auth: 'public',
    params: CheckoutIdParam,
    answers: 'redirect',
    response: z.unknown(),
  },
  getPurchase: {
    method: 'get',
    path: '/api/purchases/{id}',
    summary: 'A purchase of the caller (or any, for admins)',
    tag: 'purchases',
    auth: 'user',
    params: IdParam,
    response: PurchaseView,
  },
} as const satisfies Record<string, RouteContract>;
