/**
 * The card-payment port. Adapters: the embedded sandbox (a test-mode checkout page served by this
 * backend) and a real provider (Stripe's Checkout API). Both confirm payments only through signed
 * webhooks verified by `parseWebhook`, so a forged or replayed confirmation credits nothing.
 */
export interface CheckoutRequest {
  purchaseId: string;
  /** euro cents to charge */
  amountCents: number;
  currency: 'eur';
  description: string;
  /** where the buyer lands after paying / cancelling (absolute or same-origin path) */
  successUrl: string;
  cancelUrl: string;
}

export interface Checkout {
  checkoutId: string;
  /** the page where the buyer pays */
  url: string;
}

/** What a verified webhook says happened. */
export type PaymentOutcome =
  | {
      kind: 'succeeded';
      eventId: string;
      checkoutId: string;
      purchaseId: string;
      paymentId: string;
      amountCents: number;
    }
  | { kind: 'failed'; eventId: string; checkoutId: string; purchaseId: string }
  | { kind: 'ignored'; eventId: string; type: string }
  | DisputeNotice;

/**
 * A card dispute (Stripe's `charge.dispute.created`, `charge.dispute.closed` won or lost,
 * `charge.dispute.funds_reinstated`): the provider's dispute id, the payment it disputes (and our
 * purchase id when the provider carries it), and for a close its outcome.
 */
export interface DisputeNotice {
  kind: 'dispute';
  eventId: string;
  stage: 'created' | 'closed' | 'funds_reinstated';
  providerDisputeId: string;
  paymentId: string | null;
  purchaseId: string | null;
  amountCents: number;
  /** closed: won or lost; funds_reinstated: won */
  outcome: 'won' | 'lost' | null;
}

/**
 * What a provider that posts back by GET, the signature among the parameters (Verotel FlexPay),
 * says once the signature is checked: a sale paid (its amount and currency as the provider gives
 * them, our purchase id as `referenceID`), the sale's money gone back to the card (a refund the
 * provider made, `credit`, or a `chargeback`), or something we do not act on.
 */
export type PostbackNotice =
  | {
      kind: 'sale';
      eventId: string;
      saleId: string;
      purchaseId: string | null;
      /** euro cents (null: not an amount) */
      amountCents: number | null;
      currency: string;
    }
  | { kind: 'reversal'; eventId: string; reason: 'credit' | 'chargeback'; saleId: string; purchaseId: string | null }
  | { kind: 'ignored'; eventId: string; type: string };

export interface PaymentProvider {
  /** 'sandbox', 'stripe' or 'verotel' */
  readonly name: string;
  readonly testMode: boolean;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** verifies the signature over the raw body (throws WebhookSignatureError) and reads the event */
  parseWebhook(rawBody: string, signature: string | undefined, now: Date): PaymentOutcome;
  /** a GET postback's parameters: checks their signature (throws WebhookSignatureError) and reads them */
  parsePostback?(params: Readonly<Record<string, string>>): PostbackNotice;
}
