import {
  auracoinToUnits,
  centsToEuro,
  euroToCents,
  unitsToAuracoin,
  UNITS_PER_AURACOIN,
  WELCOME_BONUS_AURACOIN,
} from './money';

describe('money units', () => {
  it('one auracoin is 100 minor units', () => {
    expect(UNITS_PER_AURACOIN).toBe(100);
    expect(auracoinToUnits(1)).toBe(100);
  });

  it('the welcome bonus is 10 auracoin', () => {
    expect(WELCOME_BONUS_AURACOIN).toBe(10);
  });

  it('auracoin become whole minor units, rounded to the nearest (a rate steps by 0.5)', () => {
    // given a price in auracoin, when it is converted, then it is an integer count of units
    expect(auracoinToUnits(2.5)).toBe(250);
    expect(auracoinToUnits(0.015)).toBe(2);
    expect(auracoinToUnits(0.014)).toBe(1);
    expect(auracoinToUnits(1.1)).toBe(110);
  });

  it('minor units become auracoin by dividing by 100', () => {
    expect(unitsToAuracoin(250)).toBe(2.5);
    expect(unitsToAuracoin(1)).toBe(0.01);
  });

  it('euro become whole cents, rounded to the nearest', () => {
    expect(euroToCents(49.99)).toBe(4999);
    expect(euroToCents(0.015)).toBe(2);
    expect(euroToCents(1.1)).toBe(110);
  });

  it('cents become euro by dividing by 100', () => {
    expect(centsToEuro(4999)).toBe(49.99);
    expect(centsToEuro(5)).toBe(0.05);
  });
});
