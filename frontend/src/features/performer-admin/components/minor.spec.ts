import { describe, expect, it } from '@jest/globals';
import { isMinor, verificationAge } from './minor';

describe('verification age', () => {
  const now = new Date('2026-11-21T10:00:00Z');

  it('counts month and day of the birth date', () => {
    expect(verificationAge({ dateOfBirth: '2008-11-21', age: null }, now)).toBe(18);
    expect(verificationAge({ dateOfBirth: '2008-11-22', age: null }, now)).toBe(17);
    expect(isMinor(verificationAge({ dateOfBirth: '2008-11-22', age: 30 }, now))).toBe(true);
    expect(isMinor(verificationAge({ dateOfBirth: '2008-11-21', age: null }, now))).toBe(false);
  });

  it('falls back to the stated age without a birth date', () => {
    expect(verificationAge({ dateOfBirth: null, age: 25 }, now)).toBe(25);
    expect(isMinor(null)).toBe(false);
  });
});
