/** 'it, FR de' → ['IT', 'FR', 'DE'], or the first entry that is not a two-letter code. */
export function parseCountryCodes(text: string): { countries: string[] } | { invalid: string } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
  const invalid = parts.find((part) => !/^[A-Z]{2}$/.test(part));
  if (invalid !== undefined) return { invalid };
  return { countries: [...new Set(parts)] };
}
