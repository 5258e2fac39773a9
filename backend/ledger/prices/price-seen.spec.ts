import { DomainError } from '../../platform/domain-error';
import { assertPriceSeen } from './price-seen';

describe('the price billed is the price seen', () => {
  it('lets a command through when he saw her current price, or said nothing', () => {
    expect(() => assertPriceSeen(2.5, 250)).not.toThrow();
    expect(() => assertPriceSeen(0, 0)).not.toThrow();
    expect(() => assertPriceSeen(undefined, 250)).not.toThrow();
  });

  it('refuses another price with price_changed and the current price in auracoin', () => {
    let refusal: unknown;
    try {
      assertPriceSeen(2.5, 300);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: 'price_changed',
      extras: { currentPrice: 3 },
    });
  });
});
