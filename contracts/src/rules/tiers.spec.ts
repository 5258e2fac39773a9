import { auracoinToNextTier, nextTier, tierFor, tierProgress, TIERS, TOP_TIER_TEXT } from './tiers';

describe('loyalty tiers', () => {
  it.each([
    [0, 'Bronze', 0],
    [499, 'Bronze', 0],
    [500, 'Silver', 5],
    [1499.5, 'Silver', 5],
    [1500, 'Gold', 10],
    [4999, 'Gold', 10],
    [5000, 'Platinum', 15],
    [99999, 'Platinum', 15],
  ])('%s spent is %s with %s%% discount', (spent, name, discount) => {
    expect(tierFor(spent).name).toBe(name);
    expect(tierFor(spent).discount).toBe(discount);
  });

  it('names the next tier, none at the top', () => {
    expect(nextTier(0)?.name).toBe('Silver');
    expect(nextTier(1500)?.name).toBe('Platinum');
    expect(nextTier(5000)).toBeUndefined();
  });

  it('measures progress within the band, clamped, 100 at the top', () => {
    expect(tierProgress(0)).toBe(0);
    expect(tierProgress(250)).toBe(50);
    expect(tierProgress(1000)).toBe(50);
    expect(tierProgress(3250)).toBe(50);
    expect(tierProgress(5000)).toBe(100);
    expect(tierProgress(-10)).toBe(0);
  });

  it('says how much is left to the next tier', () => {
    expect(auracoinToNextTier(120)).toBe(380);
    expect(auracoinToNextTier(6000)).toBe(0);
  });
});

describe('the tier table (docs/product.md#tiers)', () => {
  it('the bands follow one another with no gap, from 0 to no end', () => {
    expect(TIERS.map((tier) => [tier.name, tier.minSpent, tier.maxSpent, tier.discount])).toEqual([
      ['Bronze', 0, 499, 0],
      ['Silver', 500, 1499, 5],
      ['Gold', 1500, 4999, 10],
      ['Platinum', 5000, Number.POSITIVE_INFINITY, 15],
    ]);
    TIERS.slice(1).forEach((tier, index) => expect(tier.minSpent).toBe(TIERS[index]!.maxSpent + 1));
  });

  it('every tier has its own colour, gradient and icon for its badge', () => {
    for (const tier of TIERS) {
      expect(tier.colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(tier.gradient).toMatch(/^linear-gradient\(135deg, #[0-9a-f]{6}, #[0-9a-f]{6}\)$/);
    }
    expect(TIERS.map((tier) => tier.icon)).toEqual(['medal', 'award', 'crown', 'gem']);
    expect(new Set(TIERS.map((tier) => tier.colour)).size).toBe(4);
  });

  it("the top tier says 'Hai raggiunto il livello massimo!'", () => {
    expect(TOP_TIER_TEXT).toBe('Hai raggiunto il livello massimo!');
  });

  it('a spend that is not a number is no spend', () => {
    expect(tierFor(Number.NaN).name).toBe('Bronze');
    expect(tierFor(Number.POSITIVE_INFINITY).name).toBe('Bronze');
    expect(tierProgress(499)).toBeCloseTo(99.8);
    expect(auracoinToNextTier(499.5)).toBe(0.5);
    expect(auracoinToNextTier(-100)).toBe(600);
  });
});
