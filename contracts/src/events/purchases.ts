import { z } from 'zod';

/** A card checkout opened for a package (stream `purchase-<purchaseId>`). Prices computed by rules/packages. */
export const CheckoutStarted = z.object({
  purchaseId: z.string().uuid(),
  userId: z.string().uuid(),
  packageId: z.string().uuid(),
  credits: z.number().int().positive(),
  bonus: z.number().int().min(0),
  /** list price, euro cents */
  listPriceCents: z.number().int().positive(),
  /** what the card is charged, euro cents (tier discount applied) */
  priceCents: z.number().int().positive(),
  tier: z.string(),
  discountPercent: z.number().int().min(0).max(100),
  offerId: z.string().uuid().optional(),
  offerBonusPercent: z.number().int().min(0).max(100),
  /** minor units credited when paid: (credits + bonus) * 100 plus the offer bonus */
  auracoinUnits: z.number().int().positive(),
  provider: z.string(),
  checkoutId: z.string(),
  /** the page where the buyer pays */
  checkoutUrl: z.string(),
  idempotencyKey: z.string(),
  startedAt: z.string(),
});

/** The provider declined or the buyer cancelled: nothing is credited. */
export const PaymentDeclined = z.object({
  purchaseId: z.string().uuid(),
  checkoutId: z.string(),
  declinedAt: z.string(),
});

/** A confirmed payment (on the wallet stream, with its AuracoinCredited; fixed event ids make a repeat a no-op). */
export const AuracoinPurchased = z.object({
  purchaseId: z.string().uuid(),
  walletId: z.string().uuid(),
  packageId: z.string().uuid(),
  credits: z.number().int().positive(),
  /** minor units credited */
  amount: z.number().int().positive(),
  priceCents: z.number().int().positive(),
  provider: z.string(),
  providerPaymentId: z.string(),
  purchasedAt: z.string(),
});

/** The purchase stream's record that the wallet was credited. */
export const PaymentConfirmed = z.object({
  purchaseId: z.string().uuid(),
  checkoutId: z.string(),
  providerPaymentId: z.string(),
  confirmedAt: z.string(),
});

export const purchasesEvents = { CheckoutStarted, PaymentDeclined, PaymentConfirmed, AuracoinPurchased } as const;
