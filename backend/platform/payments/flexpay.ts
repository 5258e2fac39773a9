import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Verotel FlexPay, as its official client builds and checks it (github.com/verotel/flexpay-php-client,
 * src/Verotel/FlexPay/Client.php and Brand/*.php, read at 476011c): the purchase page's address
 * (`<brand>/startorder?<sorted params>&signature=…`, protocol version 4) and the signature, the
 * lowercase hex SHA-256 of the signature key and the key-sorted `key=value` pairs joined by `:`.
 * Outgoing calls sign only FlexPay's own parameters (the client's filter); a postback is checked
 * over every parameter it carries but `signature`, with the shop id added when it lacks one, and
 * (as the client does) an old SHA-1 signature is accepted too. backend/platform/payments/flexpay.spec.ts
 * replays the client's own test vectors.
 */

/** `Client::PROTOCOL_VERSION` of the official client. */
export const FLEXPAY_PROTOCOL_VERSION = '4';

/** Each brand's FlexPay host (`Brand/<name>.php`, `BASE_URL`); the purchase page is `<host>/startorder`. */
export const FLEXPAY_BRANDS = {
  Verotel: 'https://secure.verotel.com',
  CardBilling: 'https://secure.billing.creditcard',
  BitsafePay: 'https://secure.bitsafepay.com',
  Bill: 'https://secure.bill.creditcard',
  PaintFest: 'https://secure.paintfestpayments.com',
  GayCharge: 'https://secure.gaycharge.com',
  YoursafeDirect: 'https://secure.yoursafedirect.com',
} as const;
export type FlexpayBrand = keyof typeof FLEXPAY_BRANDS;
export const FLEXPAY_BRAND_NAMES = Object.keys(FLEXPAY_BRANDS) as [FlexpayBrand, ...FlexpayBrand[]];

export interface FlexpayClient {
  shopId: string;
  /** the FlexPay signature key of the shop */
  signatureKey: string;
  brand: FlexpayBrand;
}

/** The parameters an outgoing call signs (`Client::_filter_params`). */
const SIGNED_PARAMETER = new RegExp(
  '^(version|shopID|price(Amount|Currency)|paymentMethod|description|referenceID|saleID|custom[123]|subscriptionType' +
    '|period|name|trialAmount|trialPeriod|cancelDiscountPercentage|type|successURL|declineURL|precedingSaleID' +
    '|upgradeOption|mcc|subCreditorName|subCreditorId|subCreditorCountry)$',
);

/** PHP's `ksort` of string keys: byte order. */
const byKey = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

/** `Client::_signature`: the key, then each `key=value` sorted by key (the shop's id added when missing), joined by ':'. */
function digest(client: FlexpayClient, params: Readonly<Record<string, string>>, algorithm: 'sha256' | 'sha1') {
  const withShop = 'shopID' in params ? params : { ...params, shopID: client.shopId };
  const pairs = Object.entries(withShop)
    .sort(byKey)
    .map(([key, value]) => `${key}=${value}`);
  return createHash(algorithm)
    .update([client.signatureKey, ...pairs].join(':'), 'utf8')
    .digest('hex');
}

/** `Client::get_signature`: the signature of an outgoing call, over FlexPay's own parameters only. */
export function flexpaySignature(client: FlexpayClient, params: Readonly<Record<string, string>>): string {
  return digest(
    client,
    Object.fromEntries(Object.entries(params).filter(([key]) => SIGNED_PARAMETER.test(key))),
    'sha256',
  );
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * `Client::validate_signature`: a postback's `signature` (any case) is the SHA-256 (or the old
 * SHA-1) over all its other parameters. False when it has none.
 */
export function validFlexpaySignature(client: FlexpayClient, params: Readonly<Record<string, string>>): boolean {
  const { signature, ...signed } = params;
  if (!signature) return false;
  const given = signature.toLowerCase();
  return sameText(given, digest(client, signed, 'sha256')) || sameText(given, digest(client, signed, 'sha1'));
}

/** PHP's `urlencode` (what `http_build_query` uses): all but letters, digits and `-_.` percent-encoded, spaces as `+`. */
export function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * `Client::get_purchase_URL`: `type=purchase`, the protocol version and the shop id added, empty
 * values left out, sorted by key, then the signature last.
 */
export function flexpayPurchaseUrl(client: FlexpayClient, params: Readonly<Record<string, string>>): string {
  const all: Record<string, string> = {
    ...params,
    type: 'purchase',
    version: FLEXPAY_PROTOCOL_VERSION,
    ...('shopID' in params ? {} : { shopID: client.shopId }),
  };
  const kept = Object.entries(all)
    .filter(([, value]) => value !== '')
    .sort(byKey);
  const query = [...kept, ['signature', flexpaySignature(client, Object.fromEntries(kept))] as const]
    .map(([key, value]) => `${phpUrlencode(key)}=${phpUrlencode(value)}`)
    .join('&');
  return `${FLEXPAY_BRANDS[client.brand]}/startorder?${query}`;
}
