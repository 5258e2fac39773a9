import {
  duePayoutWeek,
  isWeekStart,
  lastClosedPayoutWeek,
  nextPayout,
  payoutDayOf,
  payoutWeekOf,
  payoutWeekStarting,
  romeDateOf,
} from './payout-week';

const iso = (date: Date) => date.toISOString();
const HOUR = 3_600_000;

describe('payout week (Monday 00:00 – Sunday 23:59:59.999, Europe/Rome)', () => {
  it('a winter week is Monday 00:00 CET to Sunday 23:59:59.999 CET', () => {
    const week = payoutWeekOf(new Date('2026-11-20T12:00:00Z'));
    expect(week.weekStart).toBe('2026-11-16');
    expect(iso(week.start)).toBe('2026-11-15T23:00:00.000Z');
    expect(iso(week.end)).toBe('2026-11-22T22:59:59.999Z');
  });

  it('a summer week is in CEST (UTC+2)', () => {
    const week = payoutWeekOf(new Date('2026-07-08T09:30:00Z'));
    expect(week.weekStart).toBe('2026-07-06');
    expect(iso(week.start)).toBe('2026-07-05T22:00:00.000Z');
    expect(iso(week.end)).toBe('2026-07-12T21:59:59.999Z');
  });

  it('the week clocks go forward (29 March 2026) lasts 167 hours', () => {
    const week = payoutWeekStarting('2026-03-23');
    expect(iso(week.start)).toBe('2026-03-22T23:00:00.000Z');
    expect(iso(week.end)).toBe('2026-03-29T21:59:59.999Z');
    expect(week.end.getTime() + 1 - week.start.getTime()).toBe(167 * HOUR);
    // Sunday 23:30 CEST is still that week; Monday 00:00 CEST starts the next one
    expect(payoutWeekOf(new Date('2026-03-29T21:30:00Z')).weekStart).toBe('2026-03-23');
    expect(payoutWeekOf(new Date('2026-03-29T22:00:00Z')).weekStart).toBe('2026-03-30');
  });

  it('the week clocks go back (25 October 2026) lasts 169 hours', () => {
    const week = payoutWeekStarting('2026-10-19');
    expect(iso(week.start)).toBe('2026-10-18T22:00:00.000Z');
    expect(iso(week.end)).toBe('2026-10-25T22:59:59.999Z');
    expect(week.end.getTime() + 1 - week.start.getTime()).toBe(169 * HOUR);
    // 23:30 UTC on Sunday is already Monday 00:30 CET
    expect(payoutWeekOf(new Date('2026-10-25T22:59:59.999Z')).weekStart).toBe('2026-10-19');
    expect(payoutWeekOf(new Date('2026-10-25T23:00:00.000Z')).weekStart).toBe('2026-10-26');
  });

  it('the boundary millisecond belongs to one week only', () => {
    const week = payoutWeekStarting('2026-11-16');
    expect(payoutWeekOf(week.start).weekStart).toBe('2026-11-16');
    expect(payoutWeekOf(new Date(week.start.getTime() - 1)).weekStart).toBe('2026-11-09');
    expect(payoutWeekOf(week.end).weekStart).toBe('2026-11-16');
    expect(payoutWeekOf(new Date(week.end.getTime() + 1)).weekStart).toBe('2026-11-23');
  });

  it('a week across the new year starts on its Monday', () => {
    expect(payoutWeekOf(new Date('2027-01-01T10:00:00Z')).weekStart).toBe('2026-12-28');
    expect(romeDateOf(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it("gives Rome's calendar date of every instant of two years, both daylight-saving changes included", () => {
    const rome = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const from = Date.parse('2026-01-01T00:00:00Z');
    const wrong: string[] = [];
    for (let ms = from; ms < from + 2 * 365 * 24 * 3_600_000; ms += 17 * 60_000) {
      if (romeDateOf(new Date(ms)) !== rome.format(new Date(ms))) wrong.push(new Date(ms).toISOString());
    }
    expect(wrong).toEqual([]);
  });

  it('pays a week on the Tuesday after, 00:00 Rome', () => {
    expect(iso(payoutDayOf(payoutWeekStarting('2026-11-16')))).toBe('2026-11-23T23:00:00.000Z');
    expect(iso(payoutDayOf(payoutWeekStarting('2026-03-23')))).toBe('2026-03-30T22:00:00.000Z');
  });

  it('the due week is the last closed one from its Tuesday on, the one before on Monday', () => {
    expect(lastClosedPayoutWeek(new Date('2026-11-23T10:00:00Z')).weekStart).toBe('2026-11-16');
    expect(duePayoutWeek(new Date('2026-11-23T10:00:00Z')).weekStart).toBe('2026-11-09');
    expect(duePayoutWeek(new Date('2026-11-23T23:00:00Z')).weekStart).toBe('2026-11-16');
    expect(duePayoutWeek(new Date('2026-11-28T10:00:00Z')).weekStart).toBe('2026-11-16');
  });

  it('the next payout: tomorrow on a Monday, else the Tuesday after this week', () => {
    const monday = nextPayout(new Date('2026-11-23T10:00:00Z'));
    expect(monday.week.weekStart).toBe('2026-11-16');
    expect(iso(monday.payoutDay)).toBe('2026-11-23T23:00:00.000Z');
    const thursday = nextPayout(new Date('2026-11-26T10:00:00Z'));
    expect(thursday.week.weekStart).toBe('2026-11-23');
    expect(iso(thursday.payoutDay)).toBe('2026-11-30T23:00:00.000Z');
  });

  it('knows a Monday from any other date', () => {
    expect(isWeekStart('2026-11-16')).toBe(true);
    expect(isWeekStart('2026-11-17')).toBe(false);
    expect(isWeekStart('2026-13-01')).toBe(false);
    expect(isWeekStart('16/11/2026')).toBe(false);
    expect(() => payoutWeekStarting('2026-11-17')).toThrow(RangeError);
  });
});

describe('the payout day itself', () => {
  it('at the very start of its payout day a week is paid: the next payout is the following week’s', () => {
    const payoutDay = new Date('2026-11-23T23:00:00.000Z'); // Tuesday 24 November 00:00 Rome
    expect(payoutDayOf(payoutWeekStarting('2026-11-16')).toISOString()).toBe(payoutDay.toISOString());
    expect(nextPayout(payoutDay).week.weekStart).toBe('2026-11-23');
    expect(nextPayout(new Date(payoutDay.getTime() - 1)).week.weekStart).toBe('2026-11-16');
    expect(duePayoutWeek(payoutDay).weekStart).toBe('2026-11-16');
  });
});
