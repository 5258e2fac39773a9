import { describe, expect, it } from '@jest/globals';
import { parseCountryCodes } from './country-codes';

describe('geoblock country list', () => {
  it('reads two-letter codes separated by commas or spaces, upper-cased, without repeats', () => {
    expect(parseCountryCodes('it, fr de;IT')).toEqual({ countries: ['IT', 'FR', 'DE'] });
    expect(parseCountryCodes('  ')).toEqual({ countries: [] });
  });

  it('names the first entry that is not a country code', () => {
    expect(parseCountryCodes('IT, Italia, FR')).toEqual({ invalid: 'ITALIA' });
  });
});
