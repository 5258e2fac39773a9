import { isTipAmount, TIP_MAX, TIP_MIN, tipAmountMessage } from './shows';

describe('a tip’s amount (docs/product.md#shows)', () => {
  it('a tip is at least 1 auracoin', () => {
    expect(isTipAmount(TIP_MIN)).toBe(true);
    expect(isTipAmount(0.5)).toBe(false);
    expect(isTipAmount(0)).toBe(false);
    expect(isTipAmount(-1)).toBe(false);
  });

  it('a tip is at most 1000 auracoin', () => {
    expect(isTipAmount(TIP_MAX)).toBe(true);
    expect(isTipAmount(TIP_MAX + 0.5)).toBe(false);
  });

  it('a tip goes in steps of half an auracoin', () => {
    expect(isTipAmount(1.5)).toBe(true);
    expect(isTipAmount(2)).toBe(true);
    expect(isTipAmount(1.25)).toBe(false);
    expect(isTipAmount(999.99)).toBe(false);
  });

  it('a tip that is not a number is no tip', () => {
    expect(isTipAmount(Number.NaN)).toBe(false);
    expect(isTipAmount(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('the refusal names the floor, the ceiling and the step', () => {
    expect(tipAmountMessage).toBe('Mancia da 1 a 1.000 auracoin, a passi di 0,5');
  });
});
