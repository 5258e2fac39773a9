import { expectedNextPayout, inReserve, payableCutoff, payoutMinimumCents, payoutSettings } from './payouts';

const at = (iso: string) => new Date(iso).getTime();

describe('payout rules', () => {
  it('minimum in cents', () => {
    expect(payoutMinimumCents(50)).toBe(5000);
    expect(payoutMinimumCents(12.5)).toBe(1250);
  });

  it("a run's settings are the operator's minimum in cents and reserve in days", () => {
    expect(payoutSettings({ PAYOUT_MINIMUM_EUR: 50, PAYOUT_RESERVE_DAYS: 7 })).toEqual({
      minimumCents: 5000,
      reserveDays: 7,
    });
    expect(payoutSettings({ PAYOUT_MINIMUM_EUR: 0.5, PAYOUT_RESERVE_DAYS: 0 })).toEqual({
      minimumCents: 50,
      reserveDays: 0,
    });
  });

  it('the cutoff is the period end or the reserve, whichever is earlier', () => {
    const periodEnd = new Date('2026-11-22T22:59:59.999Z');
    expect(payableCutoff(periodEnd, new Date('2026-11-23T23:00:00Z'), 7).toISOString()).toBe(
      '2026-11-16T23:00:00.000Z',
    );
    expect(payableCutoff(periodEnd, new Date('2026-11-23T23:00:00Z'), 0).toISOString()).toBe(
      '2026-11-22T22:59:59.999Z',
    );
  });

  it('holds earnings younger than the reserve; 0 days turns it off', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(inReserve(new Date('2026-11-14T12:00:00Z'), now, 7)).toBe(true);
    expect(inReserve(new Date('2026-11-13T11:59:59Z'), now, 7)).toBe(false);
    expect(inReserve(new Date('2026-11-20T11:00:00Z'), now, 0)).toBe(false);
  });

  it('expects next Tuesday to pay what is past the reserve by then, carrying over below the minimum', () => {
    const now = new Date('2026-11-26T10:00:00Z'); // Thursday: next payout Tue 1 Dec for the week of 23 Nov
    const unpaid = [
      { at: at('2026-11-17T10:00:00Z'), cents: 3000 },
      { at: at('2026-11-23T10:00:00Z'), cents: 2500 }, // 7 days before Tue 00:00 CET is 23 Nov 23:00Z: past the reserve
      { at: at('2026-11-25T10:00:00Z'), cents: 1000 }, // still in reserve on that Tuesday
    ];
    const expected = expectedNextPayout(unpaid, now, { reserveDays: 7, minimumCents: 5000 });
    expect(expected.week.weekStart).toBe('2026-11-23');
    expect(expected.payoutDay.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(expected.amountCents).toBe(5500);
    expect(expected.carriesOver).toBe(false);
    expect(expectedNextPayout(unpaid.slice(0, 1), now, { reserveDays: 7, minimumCents: 5000 }).carriesOver).toBe(true);
    expect(expectedNextPayout(unpaid, now, { reserveDays: 0, minimumCents: 5000 }).amountCents).toBe(6500);
  });
});

describe('the edges of the payout rules (issue 24)', () => {
  const DAY = 86_400_000;
  const now = new Date('2026-11-20T10:00:00.000Z');

  it('an earning exactly as old as the reserve is out of it; a millisecond younger is held', () => {
    expect(inReserve(new Date(now.getTime() - 7 * DAY), now, 7)).toBe(false);
    expect(inReserve(new Date(now.getTime() - 7 * DAY + 1), now, 7)).toBe(true);
  });

  it('a reserve of 0 days holds nothing back, not even an earning dated a moment ahead by another clock', () => {
    expect(inReserve(new Date(now.getTime() + 1), now, 0)).toBe(false);
  });

  it('an earning accrued at the very cutoff is paid, and an amount of exactly the minimum does not carry over', () => {
    // given no reserve, the next payout pays the week that ends at its period end
    const { week } = expectedNextPayout([], now, { reserveDays: 0, minimumCents: 5000 });
    const atCutoff = [{ at: week.end.getTime(), cents: 5000 }];
    // then the earning at the period end's last millisecond is paid, all 5000 cents, and nothing carries over
    expect(expectedNextPayout(atCutoff, now, { reserveDays: 0, minimumCents: 5000 })).toMatchObject({
      amountCents: 5000,
      carriesOver: false,
    });
    expect(expectedNextPayout(atCutoff, now, { reserveDays: 0, minimumCents: 5001 })).toMatchObject({
      amountCents: 5000,
      carriesOver: true,
    });
  });
});

describe('the expected next payout with a debt', () => {
  it('a clawback after the cutoff is deducted at once, a share after it waits', () => {
    const now = new Date('2026-11-26T10:00:00.000Z');
    const late = Date.parse('2026-11-30T10:00:00.000Z'); // after the week's end, the cutoff
    const early = Date.parse('2026-11-10T10:00:00.000Z');
    const expected = expectedNextPayout(
      [
        { at: early, cents: 9000 },
        { at: late, cents: -1000 },
        { at: late, cents: 4000 },
      ],
      now,
      { reserveDays: 0, minimumCents: 5000 },
    );
    expect(expected).toMatchObject({ amountCents: 8000, carriesOver: false });
  });
});
