import { flexpayPurchaseUrl, validFlexpaySignature, type FlexpayBrand, type FlexpayClient } from './flexpay';
import type { Checkout, CheckoutRequest, PaymentOutcome, PaymentProvider, PostbackNotice } from './port';
import { WebhookSignatureError } from './signature';

export interface VerotelOptions {
  shopId: string;
  signatureKey: string;
  brand: FlexpayBrand;
  /** absolute origin of this site, for the success and decline addresses */
  publicUrl: string;
}

/** The checkout id of a purchase paid through FlexPay (FlexPay gives none before the sale: the purchase names it). */
export const VEROTEL_CHECKOUT_PREFIX = 'verotel_';

/** FlexPay's `priceAmount` (nnn.nn) of euro cents. */
export const flexpayAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Euro cents of a FlexPay amount (`7`, `7.5`, `7.00`), or null when it is none. */
export function centsOfFlexpayAmount(text: string | undefined): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The postback types and events that say the sale's money went back to the card. */
const REVERSALS = new Set(['credit', 'chargeback']);

/**
 * What a FlexPay postback with a checked signature says. A purchase's sale comes as `type=purchase`
 * (our purchase id in `referenceID`, Verotel's `saleID`, `priceAmount` and `priceCurrency`); a refund
 * Verotel made (`credit`) and a `chargeback` name the sale they reverse by its `saleID` (and
 * `referenceID`), in `type` or in `event`. Anything else (a subscription's events) is ignored.
 */
export function readFlexpayPostback(params: Readonly<Record<string, string>>): PostbackNotice {
  const type = params.type ?? '';
  const event = params.event ?? '';
  const saleId = params.saleID ?? '';
  const purchaseId = UUID.test(params.referenceID ?? '') ? params.referenceID!.toLowerCase() : null;
  const eventId = ['verotel', type, event, saleId, params.transactionID ?? ''].join(':');
  const reversal = REVERSALS.has(event) ? event : REVERSALS.has(type) ? type : undefined;
  if (reversal && saleId)
    return { kind: 'reversal', eventId, reason: reversal as 'credit' | 'chargeback', saleId, purchaseId };
  if (type === 'purchase' && !event && saleId)
    return {
      kind: 'sale',
      eventId,
      saleId,
      purchaseId,
      amountCents: centsOfFlexpayAmount(params.priceAmount),
      currency: params.priceCurrency ?? '',
    };
  return { kind: 'ignored', eventId, type: [type, event].filter(Boolean).join('/') || '(none)' };
}

/**
 * The Verotel FlexPay adapter (docs/architecture.md#verotel): the buyer pays on FlexPay's purchase
 * page, whose address is signed as the official client signs it (./flexpay.ts); Verotel tells of
 * the sale, of refunds and chargebacks by signed GET postbacks (`parsePostback`), never by the
 * JSON webhook.
 */
export function createVerotelProvider(options: VerotelOptions): PaymentProvider {
  const client: FlexpayClient = { shopId: options.shopId, signatureKey: options.signatureKey, brand: options.brand };
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : new URL(url, options.publicUrl).toString());
  return {
    name: 'verotel',
    testMode: false,
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      return {
        checkoutId: `${VEROTEL_CHECKOUT_PREFIX}${request.purchaseId}`,
        url: flexpayPurchaseUrl(client, {
          priceAmount: flexpayAmount(request.amountCents),
          priceCurrency: 'EUR',
          description: request.description,
          referenceID: request.purchaseId,
          successURL: absolute(request.successUrl),
          declineURL: absolute(request.cancelUrl),
        }),
      };
    },
    parseWebhook(): PaymentOutcome {
      throw new WebhookSignatureError('Verotel posts back by GET to /api/payments/verotel/postback');
    },
    parsePostback(params) {
      // a postback for another shop is none of ours, however it is signed
      if (!validFlexpaySignature(client, params) || (params.shopID !== undefined && params.shopID !== options.shopId))
        throw new WebhookSignatureError('Invalid signature');
      return readFlexpayPostback(params);
    },
  };
}
