import {
  formatAuracoin,
  formatAuracoinLabel,
  formatEuro,
  formatEuroCents,
  formatFileSize,
  formatInteger,
  formatNumber,
  formatPercent,
  formatRating,
} from './format';

// Intl puts a no-break space between the amount and "€" (never wrapped apart)
const NBSP = '\u00a0';

describe('the one Italian number formatter', () => {
  it('writes euro amounts as it-IT does, grouping from the thousands', () => {
    expect(formatEuro(2520)).toBe(`2.520,00${NBSP}€`);
    expect(formatEuro(10800)).toBe(`10.800,00${NBSP}€`);
    expect(formatEuro(3)).toBe(`3,00${NBSP}€`);
    expect(formatEuro(0.9)).toBe(`0,90${NBSP}€`);
    expect(formatEuro(9.9)).toBe(`9,90${NBSP}€`);
    expect(formatEuro(1234)).toBe(`1.234,00${NBSP}€`);
    expect(formatEuroCents(2750)).toBe(`27,50${NBSP}€`);
    expect(formatEuro(50, { short: true })).toBe(`50${NBSP}€`);
    expect(formatEuro(2.5, { short: true })).toBe(`2,5${NBSP}€`);
  });

  it('writes rates, minimums and auracoin with a decimal comma', () => {
    expect(formatAuracoin(0.5)).toBe('0,5');
    expect(formatAuracoin(12)).toBe('12');
    expect(formatAuracoin(12.5)).toBe('12,5');
    expect(formatAuracoin(1234.5)).toBe('1.234,5');
    expect(formatAuracoinLabel(0.5)).toBe('0,5 auracoin');
    expect(formatNumber(0.1)).toBe('0,1');
    expect(formatInteger(1500)).toBe('1.500');
    expect(formatPercent(0.55)).toBe('55%');
  });

  it('gives a file one size wherever it is shown', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(179)).toBe('179 B');
    expect(formatFileSize(1023)).toBe('1.023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(2.34 * 1024 * 1024)).toBe('2,3 MB');
  });
});

describe('a rating from real users', () => {
  it('says when nobody rated her, and shows the average with one it-IT decimal and the count', () => {
    expect(formatRating(null, 0)).toBe('Nessuna recensione');
    expect(formatRating(4.5, 2)).toBe('4,5 · 2 recensioni');
    expect(formatRating(4.333, 3)).toBe('4,3 · 3 recensioni');
    expect(formatRating(5, 1)).toBe('5,0 · 1 recensione');
  });
});
