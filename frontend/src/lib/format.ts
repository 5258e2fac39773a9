/**
 * Italian formatting (docs/product.md#constants: Italian dates, weeks start on Monday). Numbers and money come from
 * the one it-IT formatter of both tiers (contracts/src/format.ts), re-exported here.
 */
import { formatAuracoin, LOCALE } from '@aura/contracts';

export {
  formatAuracoin,
  formatAuracoinLabel,
  formatEuro,
  formatEuroCents,
  formatFileSize,
  formatInteger,
  formatNumber,
  formatPercent,
  formatRating,
  LOCALE,
} from '@aura/contracts';

/** An amount typed in Italian or English ("12,5" or "12.5") as a number: NaN when it is not one. */
export const parseAuracoin = (value: string | number) =>
  typeof value === 'number' ? value : Number(value.trim().replace(',', '.'));

/** ISO weekday numbering used by the product: 1 = Monday … 7 = Sunday; weeks start on Monday. */
export const WEEK_STARTS_ON = 1 as const;

/** Intl formatters are costly to create: each is made on first use, then kept. */
function cached<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

const dateFormat = cached(() => new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' }));
const shortDateFormat = cached(
  () => new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' }),
);
const dateTimeFormat = cached(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const timeFormat = cached(() => new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit' }));

/** A performer's chat price: "1,5 auracoin/messaggio", or "Messaggi gratuiti" at 0. */
export function formatMessagePrice(messagePrice: number): string {
  return messagePrice === 0 ? 'Messaggi gratuiti' : `${formatAuracoin(messagePrice)} auracoin/messaggio`;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "20 novembre 2025" */
export function formatDate(value: Date | string | number): string {
  return dateFormat().format(toDate(value));
}

/** "20/11/2025" */
export function formatShortDate(value: Date | string | number): string {
  return shortDateFormat().format(toDate(value));
}

/** "20 novembre 2025 alle ore 14:05" (as Intl words it) */
export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat().format(toDate(value));
}

/** "14:05" */
export function formatTime(value: Date | string | number): string {
  return timeFormat().format(toDate(value));
}

/** Elapsed seconds as mm:ss (minutes keep counting past 59): 75 → "01:15". */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(s / 60);
  const seconds = s % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Day of the week with Monday first: Monday → 0 … Sunday → 6. */
export function mondayBasedWeekday(value: Date | string | number): number {
  return (toDate(value).getDay() + 6) % 7;
}

/** Local midnight of the Monday that starts the week containing `value`. */
export function startOfWeek(value: Date | string | number): Date {
  const d = toDate(value);
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate());
  start.setDate(start.getDate() - mondayBasedWeekday(start));
  return start;
}

/** Local midnight of the Monday after the week containing `value` (exclusive end). */
export function endOfWeek(value: Date | string | number): Date {
  const end = startOfWeek(value);
  end.setDate(end.getDate() + 7);
  return end;
}

/** Weekday names in Italian, Monday first: ["lunedì", …, "domenica"] (or "lun", … with 'short'). */
export function weekdayNames(width: 'long' | 'short' | 'narrow' = 'long'): string[] {
  const fmt = new Intl.DateTimeFormat(LOCALE, { weekday: width });
  const monday = new Date(2024, 0, 1); // 1 January 2024 was a Monday
  return Array.from({ length: 7 }, (_, i) =>
    fmt.format(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i)),
  );
}

/** First two letters of a name, upper-cased (avatar initials, docs/product.md#routes). */
export function initialsOf(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join('').toUpperCase();
}
