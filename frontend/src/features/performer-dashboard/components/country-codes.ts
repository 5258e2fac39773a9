/** Two-letter region codes Intl names that are not countries one can be browsing from. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA', 'XA', 'XB']);

export interface CountryOption {
  code: string;
  name: string;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every ISO 3166 country with its Italian name ('Italia', 'Germania'), sorted as Italian sorts them. */
export function countryOptions(locale = 'it'): CountryOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const options: CountryOption[] = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = NOT_COUNTRIES.has(code) ? undefined : names.of(code);
      if (name && name !== code) options.push({ code, name });
    }
  }
  const collator = new Intl.Collator(locale);
  return options.sort((a, b) => collator.compare(a.name, b.name));
}

/** 'FR' → 'Francia'; the code itself when Intl does not know it. */
export function countryName(code: string, locale = 'it'): string {
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
}
