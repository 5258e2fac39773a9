import { performerShareCents, platformShareCents } from './share';
import { centsToEuro } from '../money';

describe('performer share (55%, rounded down to the cent)', () => {
  it('gives 55% of a whole amount', () => {
    expect(performerShareCents(5000)).toBe(2750); // 50 auracoin photo → 27.50 €
    expect(performerShareCents(100)).toBe(55);
  });
  it('rounds down to the cent and the platform keeps the remainder', () => {
    expect(performerShareCents(50)).toBe(27); // 27.5 → 27
    expect(platformShareCents(50)).toBe(23);
    expect(performerShareCents(1)).toBe(0);
    expect(platformShareCents(1)).toBe(1);
  });
  it('always sums back to the gross', () => {
    for (const gross of [0, 1, 3, 50, 99, 150, 12345])
      expect(performerShareCents(gross) + platformShareCents(gross)).toBe(gross);
  });
  it('refuses fractional or negative amounts', () => {
    expect(() => performerShareCents(1.5)).toThrow(RangeError);
    expect(() => performerShareCents(-1)).toThrow(RangeError);
  });
  it('converts cents to euro', () => {
    expect(centsToEuro(2750)).toBe(27.5);
  });
});

describe('the share rule’s refusal', () => {
  it('names the amount it refused', () => {
    expect(() => performerShareCents(-1)).toThrow('gross amount must be a non-negative integer, got -1');
  });
});
