import { describe, expect, it } from '@jest/globals';
import { formatItalianDate, maskItalianDate, parseItalianDate } from './italian-date';

describe('Italian date entry (gg/mm/aaaa)', () => {
  it('typing 05/03/1990 gives the 5th of March 1990', () => {
    expect(parseItalianDate(maskItalianDate('05/03/1990'))).toBe('1990-03-05');
  });

  it('puts the slashes in for bare digits, keystroke by keystroke', () => {
    const typed = '05031990'.split('').reduce((text, key) => maskItalianDate(text + key), '');
    expect(typed).toBe('05/03/1990');
    expect(maskItalianDate('0503')).toBe('05/03');
    expect(maskItalianDate('050')).toBe('05/0');
    expect(parseItalianDate(typed)).toBe('1990-03-05');
  });

  it('takes dots, dashes and one-digit days and months', () => {
    expect(parseItalianDate(maskItalianDate('5.3.1990'))).toBe('1990-03-05');
    expect(parseItalianDate(maskItalianDate('5-3-1990'))).toBe('1990-03-05');
    expect(maskItalianDate('05/03/19901')).toBe('05/03/1990');
    expect(maskItalianDate('ab05/x03')).toBe('05/03');
  });

  it('refuses what is not a day, and never reads the US order', () => {
    expect(parseItalianDate('31/02/1990')).toBeNull();
    expect(parseItalianDate('12/31/1990')).toBeNull();
    expect(parseItalianDate('05/03/90')).toBeNull();
    expect(parseItalianDate('05/03')).toBeNull();
    expect(parseItalianDate('')).toBeNull();
  });

  it('shows an ISO date in the Italian order', () => {
    expect(formatItalianDate('1990-03-05')).toBe('05/03/1990');
    expect(formatItalianDate('')).toBe('');
  });
});
