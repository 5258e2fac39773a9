/**
 * Words that imply minors or non-consent, refused in show titles, bios and tip-menu items (the card
 * networks' rules for adult merchants: no marketing or titles implying either). The backend's
 * configuration (`BANNED_TERMS`) may add to them; these are always refused.
 */
export const DEFAULT_BANNED_TERMS: readonly string[] = [
  // Italian
  'minorenne',
  'minorenni',
  'bambina',
  'bambino',
  'ragazzina',
  'ragazzino',
  'scolaretta',
  'quattordicenne',
  'quindicenne',
  'sedicenne',
  'diciassettenne',
  'pedo',
  'stupro',
  'violentata',
  'non consenziente',
  'senza consenso',
  'drogata',
  'addormentata',
  'incesto',
  // English
  'underage',
  'under age',
  'minor',
  'child',
  'schoolgirl',
  'teen',
  'preteen',
  'loli',
  'rape',
  'forced',
  'non-consensual',
  'nonconsensual',
  'drugged',
  'asleep',
  'incest',
];

const normalise = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The first banned term `text` holds as a whole word or phrase (case, accents and punctuation
 * ignored: "Teen!" and "t-e-e-n" differ, the latter is not caught), or null.
 */
export function findBannedTerm(text: string, terms: readonly string[] = DEFAULT_BANNED_TERMS): string | null {
  const haystack = ` ${normalise(text)} `;
  for (const term of terms) {
    const needle = normalise(term);
    if (needle && haystack.includes(` ${needle} `)) return term;
  }
  return null;
}
