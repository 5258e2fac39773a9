import { DEFAULT_BANNED_TERMS, findBannedTerm } from './banned-terms';

describe('banned terms', () => {
  it('finds an Italian or English term as a word, whatever its case, accents and punctuation', () => {
    expect(findBannedTerm('Show con la Scolaretta!')).toBe('scolaretta');
    expect(findBannedTerm('hot TEEN night')).toBe('teen');
    expect(findBannedTerm('Giochi senza   consenso')).toBe('senza consenso');
    expect(findBannedTerm('NON-CONSENSUAL roleplay')).toBe('non-consensual');
  });

  it('leaves words that only contain a term alone', () => {
    expect(findBannedTerm('Serata romantica')).toBeNull();
    expect(findBannedTerm('Sixteen candles… no: fifteen minutes of fame')).toBeNull();
    expect(findBannedTerm('Minorca in estate')).toBeNull();
  });

  it('refuses the configured terms besides', () => {
    expect(findBannedTerm('parola vietata qui', [...DEFAULT_BANNED_TERMS, 'parola vietata'])).toBe('parola vietata');
  });
});
