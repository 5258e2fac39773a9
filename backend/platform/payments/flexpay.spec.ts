import { createHash } from 'node:crypto';
import {
  FLEXPAY_BRANDS,
  FLEXPAY_PROTOCOL_VERSION,
  flexpayPurchaseUrl,
  flexpaySignature,
  phpUrlencode,
  validFlexpaySignature,
  type FlexpayClient,
} from './flexpay';

/**
 * The official client's own test vectors (github.com/verotel/flexpay-php-client at 476011c,
 * tests/FlexPayTest.php and tests/VerotelFlexPayClientTest.php): the same inputs give the same
 * signatures and the same purchase address, to the byte.
 */
const secret = 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J';
const shopId = '68849';
const params = {
  saleID: '433456',
  priceAmount: '0.00',
  referenceID: 'reference1234',
  priceCurrency: 'USD',
  custom1: 'My',
  description: 'My Dščřčřřěřě&?=blah123',
  subscriptionType: 'RECURRING',
  period: 'P1M',
  name: 'My name',
  trialAmount: '0.01',
  trialPeriod: 'P3D',
  successURL: 'http://backURL.test',
  declineURL: 'http://declineURL.test',
  cancelDiscountPercentage: '30',
  blah: 'something',
};
const commonURLParams =
  'blah=something' +
  '&cancelDiscountPercentage=30' +
  '&custom1=My' +
  '&declineURL=http%3A%2F%2FdeclineURL.test' +
  '&description=' +
  'My+D%C5%A1%C4%8D%C5%99%C4%8D%C5%99%C5%99' +
  '%C4%9B%C5%99%C4%9B%26%3F%3Dblah123' +
  '&name=My+name' +
  '&period=P1M' +
  '&priceAmount=0.00' +
  '&priceCurrency=USD' +
  '&referenceID=reference1234' +
  '&saleID=433456' +
  '&shopID=68849' +
  '&subscriptionType=RECURRING' +
  '&successURL=http%3A%2F%2FbackURL.test' +
  '&trialAmount=0.01' +
  '&trialPeriod=P3D';

const verotel: FlexpayClient = { shopId, signatureKey: secret, brand: 'Verotel' };
const bitsafePay: FlexpayClient = { ...verotel, brand: 'BitsafePay' };

describe('FlexPay signatures (the official client’s vectors)', () => {
  it('FlexPayTest: the signature of the filtered parameters, and a postback signed over all of them (upper case given)', () => {
    expect(flexpaySignature(verotel, { shopID: shopId, ...params })).toBe(
      'ff5cf9bcc0497c8cb40087065e5016dcfbe2efd23327f6c67614fa23537c24b2',
    );
    expect(
      validFlexpaySignature(verotel, {
        shopID: shopId,
        ...params,
        signature: 'e50b4e92fcd0a21114d3bf3a64f888edfbc784df170e70ee165c4350fe9ffc3c'.toUpperCase(),
      }),
    ).toBe(true);
  });

  it('test_get_signature_and_validate: SHA-256 of the key and the sorted pairs joined by ":"; an unknown key is not signed', () => {
    const flexpayParams = {
      cancelDiscountPercentage: '30',
      custom1: 'custom1',
      declineURL: 'http://declineURL.test',
      description: 'My Dščřčřřěřě&?=blah123',
      name: 'My name',
      period: 'P1M',
      priceAmount: '7.00',
      priceCurrency: 'USD',
      referenceID: 'reference1234',
      shopID: shopId,
      subscriptionType: 'RECURRING',
      successURL: 'http://backURL.test',
      trialAmount: '0.01',
      trialPeriod: 'P3D',
    };
    const source = [secret, ...Object.entries(flexpayParams).map(([key, value]) => `${key}=${value}`)].join(':');
    const signature = flexpaySignature(bitsafePay, { ...flexpayParams, foo: 'bar' });
    expect(signature).toBe(createHash('sha256').update(source, 'utf8').digest('hex'));
    expect(validFlexpaySignature(bitsafePay, { ...flexpayParams, signature })).toBe(true);
  });

  it('test_validate_signature__returns_true_for_old_sha1_signature (the shop id added by the client)', () => {
    expect(
      validFlexpaySignature(bitsafePay, { ...params, signature: 'fc63f38e2722d2e5bc4f2044ad3ffb2051e89643' }),
    ).toBe(true);
  });

  it('test_validate_signature__returns_false_if_incorrect; none, or another key, is refused too', () => {
    expect(validFlexpaySignature(bitsafePay, { ...params, custom2: 'Your', signature: 'foo' })).toBe(false);
    expect(validFlexpaySignature(bitsafePay, { ...params })).toBe(false);
    const signature = flexpaySignature(verotel, { shopID: shopId, ...params });
    expect(
      validFlexpaySignature({ ...verotel, signatureKey: 'another-key' }, { shopID: shopId, ...params, signature }),
    ).toBe(false);
  });

  it('test_get_signature_takes_also_success_url_into_account', () => {
    const { successURL: _left, ...withoutSuccessUrl } = params;
    expect(flexpaySignature(bitsafePay, params)).not.toBe(flexpaySignature(bitsafePay, withoutSuccessUrl));
  });
});

describe('FlexPay purchase address (the official client’s vectors)', () => {
  it('test_get_purchase_URL__returns_correct_url: the brand’s startorder, sorted parameters, type, version 4, signature last', () => {
    const signature = flexpaySignature(bitsafePay, { ...params, type: 'purchase', version: FLEXPAY_PROTOCOL_VERSION });
    expect(flexpayPurchaseUrl(bitsafePay, params)).toBe(
      `https://secure.bitsafepay.com/startorder?${commonURLParams}&type=purchase&version=4&signature=${signature}`,
    );
  });

  it('test_get_purchase_URL__removes_empty_parameters', () => {
    expect(flexpayPurchaseUrl(bitsafePay, { ...params, custom2: '', unsigned1: '' })).toBe(
      flexpayPurchaseUrl(bitsafePay, params),
    );
  });

  it('FlexPayTest: the Verotel brand, the shop id given among the parameters', () => {
    const signature = flexpaySignature(verotel, { shopID: shopId, ...params, type: 'purchase', version: '4' });
    expect(flexpayPurchaseUrl(verotel, { shopID: shopId, ...params })).toBe(
      `https://secure.verotel.com/startorder?${commonURLParams}&type=purchase&version=4&signature=${signature}`,
    );
  });

  it('VerotelFlexPayBrandTest: each brand’s host', () => {
    expect(FLEXPAY_BRANDS).toEqual({
      Verotel: 'https://secure.verotel.com',
      CardBilling: 'https://secure.billing.creditcard',
      BitsafePay: 'https://secure.bitsafepay.com',
      Bill: 'https://secure.bill.creditcard',
      PaintFest: 'https://secure.paintfestpayments.com',
      GayCharge: 'https://secure.gaycharge.com',
      YoursafeDirect: 'https://secure.yoursafedirect.com',
    });
  });

  it("encodes as PHP's urlencode: letters, digits and -_. kept, spaces as +, the rest percent-encoded", () => {
    expect(phpUrlencode("a-b_c.d e~f*g!h'i(j)k/l")).toBe('a-b_c.d+e%7Ef%2Ag%21h%27i%28j%29k%2Fl');
  });
});
