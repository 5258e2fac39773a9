/**
 * THE PAYOUT WEEK (the only one): Monday 00:00 to Sunday 23:59:59.999 in Europe/Rome, whatever
 * the time zone of the machine or the browser; a week's earnings are paid on the Tuesday after it
 * (00:00 Rome). Daylight saving moves the offset on the last Sunday of March and of October (at
 * 02:00/03:00 local), so those weeks last 167 and 169 hours: every boundary is computed in Rome's
 * local calendar, never by adding 7 × 24 hours.
 */
export const PAYOUT_TIME_ZONE = 'Europe/Rome';
/** ISO weekday of the payout day: Tuesday */
export const PAYOUT_WEEKDAY = 2;

export interface PayoutWeek {
  /** the Monday that starts the week, as a Rome calendar date: '2026-11-16' */
  weekStart: string;
  /** Monday 00:00:00.000 Rome */
  start: Date;
  /** Sunday 23:59:59.999 Rome: the period end the week's payout closes */
  end: Date;
}

let zonedFormat: Intl.DateTimeFormat | undefined;
function romeParts(instant: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  zonedFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: PAYOUT_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts: Record<string, number> = {};
  for (const part of zonedFormat.formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Rome's offset from UTC at that instant, in ms (+1 h in winter, +2 h in summer). */
function romeOffsetMs(instant: Date): number {
  const p = romeParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant.getTime() - instant.getUTCMilliseconds());
}

/** The instant of Rome's local midnight starting a calendar date ('YYYY-MM-DD'). */
function romeMidnight(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wallClock = Date.UTC(year, month - 1, day);
  const first = wallClock - romeOffsetMs(new Date(wallClock));
  // the offset at the guess may differ from the offset at the answer: settle it once more
  return new Date(wallClock - romeOffsetMs(new Date(first)));
}

function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Monday = 1 … Sunday = 7 of a calendar date. */
function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;
}

const HOUR_MS = 3_600_000;
/** Rome's offset by UTC hour: the time zone rules are asked once per hour, not once per call (every credit asks) */
const offsetByHour = new Map<number, number>();
const weekBounds = new Map<string, { start: number; end: number }>();

/** Rome's offset at an instant: constant within a UTC hour, as Rome's changes fall on 01:00 UTC. */
function romeOffsetAt(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    // Stryker disable next-line all: a cache's bound; emptying it sooner, later or never gives the same offsets
    if (offsetByHour.size >= 10_000) offsetByHour.clear();
    offset = romeOffsetMs(new Date(hour * HOUR_MS));
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The Rome calendar date of an instant: '2026-11-22'. */
export function romeDateOf(instant: Date): string {
  return new Date(instant.getTime() + romeOffsetAt(instant.getTime())).toISOString().slice(0, 10);
}

/** The payout week that starts on this Monday ('YYYY-MM-DD'). */
export function payoutWeekStarting(weekStart: string): PayoutWeek {
  let bounds = weekBounds.get(weekStart);
  if (!bounds) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(weekStart) || isoWeekday(weekStart) !== 1)
      throw new RangeError(`${weekStart} is not a Monday`);
    // Stryker disable next-line all: a cache's bound; emptying it sooner, later or never gives the same weeks
    if (weekBounds.size >= 1_000) weekBounds.clear();
    bounds = { start: romeMidnight(weekStart).getTime(), end: romeMidnight(addDays(weekStart, 7)).getTime() - 1 };
    weekBounds.set(weekStart, bounds);
  }
  return { weekStart, start: new Date(bounds.start), end: new Date(bounds.end) };
}

/** The payout week an instant falls in. */
export function payoutWeekOf(instant: Date): PayoutWeek {
  const date = romeDateOf(instant);
  return payoutWeekStarting(addDays(date, 1 - isoWeekday(date)));
}

/** Is this string a Monday that starts a payout week? */
export function isWeekStart(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && isoWeekday(value) === 1
  );
}

/** The week before. */
export function previousPayoutWeek(week: PayoutWeek): PayoutWeek {
  return payoutWeekStarting(addDays(week.weekStart, -7));
}

/** The last week that is wholly over at `now`. */
export function lastClosedPayoutWeek(now: Date): PayoutWeek {
  return previousPayoutWeek(payoutWeekOf(now));
}

/** When a week is paid: the Tuesday after it, 00:00 Rome. */
export function payoutDayOf(week: PayoutWeek): Date {
  return romeMidnight(addDays(week.weekStart, 7 + PAYOUT_WEEKDAY - 1));
}

/** The newest week whose payout day has come at `now` (what the weekly run pays). */
export function duePayoutWeek(now: Date): PayoutWeek {
  const closed = lastClosedPayoutWeek(now);
  return payoutDayOf(closed).getTime() <= now.getTime() ? closed : previousPayoutWeek(closed);
}

/** The next payout at `now`: the week it closes and its day (on a Monday, tomorrow's run of last week). */
export function nextPayout(now: Date): { week: PayoutWeek; payoutDay: Date } {
  const closed = lastClosedPayoutWeek(now);
  const week = payoutDayOf(closed).getTime() > now.getTime() ? closed : payoutWeekOf(now);
  return { week, payoutDay: payoutDayOf(week) };
}
