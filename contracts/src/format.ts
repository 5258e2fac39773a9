/**
 * Italian numbers (it-IT): THE formatter of every amount, price, hint and validation message a
 * person reads, in the browser and in the pages the server renders. Grouping always ("2.520",
 * not it-IT's default "2520"), a decimal comma, euro after the amount with a no-break space
 * ("2.520,00 €"). Nothing else formats a number for a person (no toFixed, no "€ " + number).
 */

export const LOCALE = 'it-IT';

const formats = new Map<string, Intl.NumberFormat>();

/** Intl formatters are costly to create: each set of options is made on first use, then kept. */
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(LOCALE, { useGrouping: 'always', ...options })));
  return format;
}

/** A number in Italian with the given options: 1234.5 → "1.234,5", 0.5 → "0,5". */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(options).format(value);
}

/** A performer's rating from real users: 'Nessuna recensione', or '4,5 · 2 recensioni' (one decimal, it-IT). */
export function formatRating(rating: number | null, count: number): string {
  if (rating === null || count === 0) return 'Nessuna recensione';
  const average = formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${average} · ${formatNumber(count, { maximumFractionDigits: 0 })} ${count === 1 ? 'recensione' : 'recensioni'}`;
}

/** 1234 → "1.234" */
export function formatInteger(value: number): string {
  return formatNumber(value, { maximumFractionDigits: 0 });
}

/** An auracoin amount, a rate or a minimum (steps of 0.5): 12 → "12", 12.5 → "12,5", 1500 → "1.500", 0.5 → "0,5". */
export function formatAuracoin(value: number): string {
  return formatNumber(value, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
}

/** "12,5 auracoin" */
export function formatAuracoinLabel(value: number): string {
  return `${formatAuracoin(value)} auracoin`;
}

/**
 * Euro: 2520 → "2.520,00 €", 0.9 → "0,90 €". `short` drops zero decimals where a compact figure
 * reads better (a chart's axis): 50 → "50 €", 2.5 → "2,5 €".
 */
export function formatEuro(value: number, { short = false }: { short?: boolean } = {}): string {
  return formatNumber(value, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: short ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** Euro cents (how payouts and prices are kept): 2750 → "27,50 €". */
export function formatEuroCents(cents: number): string {
  return formatEuro(cents / 100);
}

/** A ratio as a percentage: 0.55 → "55%". */
export function formatPercent(ratio: number): string {
  return formatNumber(ratio, { style: 'percent', maximumFractionDigits: 0 });
}

/**
 * A file's size, the one rule of the wizard and of the verification list: bytes below 1 KB
 * ("179 B"), then KB and MB (1024-based) with at most one decimal ("1,5 KB", "2,3 MB").
 */
export function formatFileSize(bytes: number): string {
  const size = Math.max(0, Math.round(bytes));
  if (size < 1024) return `${formatInteger(size)} B`;
  if (size < 1024 * 1024) return `${formatNumber(size / 1024, { maximumFractionDigits: 1 })} KB`;
  return `${formatNumber(size / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
}
