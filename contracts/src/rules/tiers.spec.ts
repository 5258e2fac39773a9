import { auracoinToNextTier, nextTier, tierFor, tierProgress } from './tiers';

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
