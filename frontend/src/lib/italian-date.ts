import { isCalendarDate } from '@aura/contracts';

/** How a date is typed and shown here: gg/mm/aaaa (docs/product.md#constants: Italian dates). */
export const ITALIAN_DATE_PLACEHOLDER = 'gg/mm/aaaa';

/** 'YYYY-MM-DD' as 'gg/mm/aaaa' ('' for anything else). */
export function formatItalianDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * What the field shows while someone types: digits and separators only ('.', '-' become '/');
 * digits beyond a part's width flow into the next part, so bare digits get their slashes
 * (05031990 → 05/03/1990) and typing after an inserted slash goes on; day and month keep at most
 * two digits, the year four.
 */
export function maskItalianDate(raw: string): string {
  const parts = raw
    .replace(/[.\-\s]/g, '/')
    .replace(/[^\d/]/g, '')
    .replace(/\/{2,}/g, '/')
    .split('/');
  const widths = [2, 2, 4] as const;
  const out: string[] = [];
  let carry = '';
  for (const [index, width] of widths.entries()) {
    const given = index < parts.length;
    const part = carry + (given ? parts[index]! : '');
    if (!given && part === '') break;
    carry = part.slice(width);
    out.push(part.slice(0, width));
  }
  return out.join('/');
}

/** 'gg/mm/aaaa' (day and month may have one digit) as 'YYYY-MM-DD', or null when it is not a real day. */
export function parseItalianDate(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}
