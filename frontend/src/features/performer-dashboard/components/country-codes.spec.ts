import { describe, expect, it } from '@jest/globals';
import { countryName, countryOptions } from './country-codes';

describe('geoblock country list', () => {
  const options = countryOptions();

  it('names the countries in Italian, by their ISO codes', () => {
    expect(options).toContainEqual({ code: 'IT', name: 'Italia' });
    expect(options).toContainEqual({ code: 'DE', name: 'Germania' });
    expect(options).toContainEqual({ code: 'CH', name: 'Svizzera' });
    expect(options.every((option) => /^[A-Z]{2}$/.test(option.code))).toBe(true);
    expect(new Set(options.map((option) => option.code)).size).toBe(options.length);
    expect(options.length).toBeGreaterThan(240);
  });

  it('leaves out what is not a country (the EU, the UN, unknown regions)', () => {
    const codes = options.map((option) => option.code);
    for (const code of ['EU', 'UN', 'ZZ', 'XY']) expect(codes).not.toContain(code);
  });

  it('sorts them as Italian does', () => {
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('it').compare));
    expect(names.indexOf('Austria')).toBeLessThan(names.indexOf('Belgio'));
  });

  it('names a saved code, or shows the code when Intl does not know it', () => {
    expect(countryName('FR')).toBe('Francia');
    expect(countryName('XY')).toBe('XY');
  });
});
