import {
  celebrationFor,
  discountedPriceCents,
  offerBonusUnits,
  packageTotal,
  percentOf,
  pricePerAuracoin,
  quotePackage,
  savingPercent,
} from './packages';

describe('package rules', () => {
  const pkg = { credits: 100, bonus: 10, priceCents: 9900 };

  it('totals credits plus bonus', () => {
    expect(packageTotal(pkg)).toBe(110);
  });

  it('shows the price per auracoin with two decimals', () => {
    expect(pricePerAuracoin(pkg)).toBe(0.9);
    expect(pricePerAuracoin({ credits: 3, bonus: 0, priceCents: 100 })).toBe(0.33);
  });

  it('shows a rounded saving only when the price is below the total', () => {
    expect(savingPercent(pkg)).toBe(10);
    expect(savingPercent({ credits: 100, bonus: 0, priceCents: 10000 })).toBeUndefined();
    expect(savingPercent({ credits: 50, bonus: 0, priceCents: 9900 })).toBeUndefined();
    expect(savingPercent({ credits: 1000, bonus: 0, priceCents: 99600 })).toBeUndefined(); // 0.4% rounds to 0
  });

  it('rounds every percentage half up to a whole minor unit (the one rule)', () => {
    expect(percentOf(999, 5)).toBe(50); // 49.95
    expect(percentOf(990, 5)).toBe(50); // 49.5 → 50
    expect(percentOf(989, 5)).toBe(49); // 49.45
    expect(percentOf(0, 15)).toBe(0);
  });

  it('applies the tier discount to the price in cents', () => {
    expect(discountedPriceCents(9900, 0)).toBe(9900);
    expect(discountedPriceCents(9900, 5)).toBe(9405);
    expect(discountedPriceCents(999, 15)).toBe(849); // 149.85 → 150 off
  });

  it('adds the offer bonus to the units granted', () => {
    expect(offerBonusUnits(11000, 20)).toBe(2200);
    expect(quotePackage(pkg, 10, 20)).toEqual({
      priceCents: 8910,
      discountPercent: 10,
      offerBonusPercent: 20,
      baseUnits: 11000,
      offerBonusUnits: 2200,
      totalUnits: 13200,
    });
  });

  it('picks the celebration by credits', () => {
    expect(celebrationFor(2500)).toBe('fireworks');
    expect(celebrationFor(2499)).toBe('stars');
    expect(celebrationFor(1000)).toBe('stars');
    expect(celebrationFor(999)).toBe('confetti');
  });
});

describe('the edges of the package rules (issue 24)', () => {
  it('a package of no auracoin has no price per auracoin', () => {
    expect(pricePerAuracoin({ credits: 0, bonus: 0, priceCents: 500 })).toBe(0);
  });
});
