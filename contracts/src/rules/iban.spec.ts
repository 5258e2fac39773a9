import {
  formatIban,
  ibanWithCheckDigits,
  isValidIban,
  maskCardReference,
  maskIban,
  normalizeIban,
  CARD_REFERENCE_PATTERN,
} from './iban';

describe('IBAN (ISO 13616)', () => {
  it('accepts valid IBANs as people type them', () => {
    expect(isValidIban('IT60X0542811101000000123456')).toBe(true);
    expect(isValidIban('it60 x054 2811 1010 0000 0123 456')).toBe(true);
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('NO9386011117947')).toBe(true);
  });

  it('refuses a wrong checksum, a wrong length, an unknown country and junk', () => {
    expect(isValidIban('IT61X0542811101000000123456')).toBe(false);
    expect(isValidIban('IT60X0542811101000000123465')).toBe(false);
    expect(isValidIban('IT60X054281110100000012345')).toBe(false);
    expect(isValidIban('ZZ60X0542811101000000123456')).toBe(false);
    expect(isValidIban('')).toBe(false);
    expect(isValidIban('IT60X05428111010000001234!6')).toBe(false);
  });

  it('computes check digits that validate', () => {
    const iban = ibanWithCheckDigits('IT', 'X0542811101000000000001');
    expect(iban).toMatch(/^IT\d{2}X0542811101000000000001$/);
    expect(isValidIban(iban)).toBe(true);
    expect(ibanWithCheckDigits('IT', 'X0542811101000000123456')).toBe('IT60X0542811101000000123456');
    // the payout sandbox's test accounts, as README lists them
    expect(ibanWithCheckDigits('IT', 'X0542811101000000000001')).toBe('IT37X0542811101000000000001');
    expect(ibanWithCheckDigits('IT', 'X0542811101000000000002')).toBe('IT10X0542811101000000000002');
  });

  it('masks and formats', () => {
    expect(normalizeIban(' it60 x054-2811 ')).toBe('IT60X0542811');
    expect(maskIban('IT60X0542811101000000123456')).toBe('IT60 •••• 3456');
    expect(formatIban('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(maskCardReference('card_1N4x9Q2eZvKYlo2C')).toBe('Carta •••• lo2C');
  });

  it('takes a card payout token, never a card number with spaces', () => {
    expect(CARD_REFERENCE_PATTERN.test('card_1N4x9Q2eZvKYlo2C')).toBe(true);
    expect(CARD_REFERENCE_PATTERN.test('4111 1111 1111 1111')).toBe(false);
    expect(CARD_REFERENCE_PATTERN.test('short')).toBe(false);
  });
});
