import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

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
    ...apiPaths.createPurchase,
    summary: 'Start buying a package: a checkout through the payment port',
    tag: 'purchases',
    refusals: moduleRefusals.purchases,
    idempotencyKey: 'required',
    body: CreatePurchaseBody,
    response: PurchaseView,
    status: 201,
    secondFactor: 'fresh',
  },
  paymentWebhook: {
    ...apiPaths.paymentWebhook,
    summary: 'Signed payment-provider webhook (Stripe-Signature: t=…,v1=…)',
    tag: 'purchases',
    refusals: moduleRefusals.purchases,
    body: z.unknown(),
    response: z.object({ received: z.literal(true) }),
  },
  sandboxCheckout: {
    ...apiPaths.sandboxCheckout,
    summary: "The embedded sandbox's TEST MODE checkout page (only while the sandbox runs)",
    tag: 'purchases',
    refusals: [],
    params: CheckoutIdParam,
    answers: 'html',
    response: z.string(),
  },
  sandboxConfirm: {
    ...apiPaths.sandboxConfirm,
    summary: 'Sandbox: pay; posts a signed webhook, then back to /user',
    tag: 'purchases',
    refusals: moduleRefusals.purchases,
    params: CheckoutIdParam,
    answers: 'redirect',
    response: z.unknown(),
  },
  sandboxDecline: {
    ...apiPaths.sandboxDecline,
    summary: 'Sandbox: decline; posts a signed webhook, then back to /user',
    tag: 'purchases',
    refusals: moduleRefusals.purchases,
    params: CheckoutIdParam,
    answers: 'redirect',
    response: z.unknown(),
  },
  // issue 38 item 9
  verotelPostback: {
    ...apiPaths.verotelPostback,
    summary:
      "Verotel FlexPay's signed postback (sale, credit, chargeback): `OK` once applied, 400 `ERROR - Invalid signature!`",
    tag: 'purchases',
    refusals: [],
    // FlexPay's own parameters, all of them signed (`signature` among them)
    query: z.object({}).catchall(z.union([z.string(), z.array(z.string())])),
    answers: 'text',
    response: z.string(),
  },
  getPurchase: {
    ...apiPaths.getPurchase,
    summary: 'A purchase of the caller (or any, for admins)',
    tag: 'purchases',
    refusals: [],
    params: IdParam,
    response: PurchaseView,
  },
} as const satisfies Record<string, RouteContract>;
