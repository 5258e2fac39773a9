/**
 * IBAN (ISO 13616): two letters of country, two check digits, then the national account number
 * (BBAN) of the length the registry fixes for that country. Valid when the length is the
 * country's and the number, moved and read as digits (A = 10 … Z = 35), leaves 1 modulo 97.
 */

/** IBAN lengths of the ISO 13616 registry (SWIFT), by country code. */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

export const IBAN_MESSAGES = {
  required: "Inserisci l'IBAN",
  invalid: 'IBAN non valido: controlla di averlo copiato per intero',
} as const;

/** As typed (spaces, lower case) → the electronic form: 'it60 x054…' → 'IT60X054…'. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** The ISO 7064 MOD 97-10 remainder of an IBAN in electronic form (1 for a valid one). */
export function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Is it a valid IBAN (spaces and case as a person types them are accepted)? */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  return length === iban.length && ibanRemainder(iban) === 1;
}

/** The check digits that make a country code and BBAN a valid IBAN (for test fixtures and the sandbox's test accounts). */
export function ibanWithCheckDigits(country: string, bban: string): string {
  const remainder = ibanRemainder(`${country}00${bban}`);
  return `${country}${String(98 - remainder).padStart(2, '0')}${bban}`;
}

/** Shown after saving: country and check digits, then only the last four characters. 'IT60 •••• 3456' */
export function maskIban(value: string): string {
  const iban = normalizeIban(value);
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** In groups of four, as printed on a bank statement. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * A card payout reference: the token the card network's payout service gave for her card (never
 * the card number itself), e.g. 'card_1N4x9Q2eZvKYlo2C'.
 */
export const CARD_REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{7,63}$/;
export const CARD_REFERENCE_MESSAGES = {
  required: 'Inserisci il riferimento della carta',
  invalid: 'Riferimento carta non valido: da 8 a 64 caratteri tra lettere, cifre, _ e -',
} as const;

export function maskCardReference(reference: string): string {
  return `Carta •••• ${reference.slice(-4)}`;
}
