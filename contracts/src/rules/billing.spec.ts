import {
  affordableMinutes,
  chargeIfEndedNow,
  formatElapsed,
  minimumHoldUnits,
  minuteStartsAt,
  runningCostUnits,
  sessionCostUnits,
  startedMinutes,
} from './billing';
import { performerShareCents, performerShareOfPartCents } from './share';

describe('session billing rule', () => {
  it('counts started minutes: 0 at zero, then rounded up', () => {
    expect(startedMinutes(0, 60_000)).toBe(0);
    expect(startedMinutes(-5, 60_000)).toBe(0);
    expect(startedMinutes(1, 60_000)).toBe(1);
    expect(startedMinutes(60_000, 60_000)).toBe(1);
    expect(startedMinutes(60_001, 60_000)).toBe(2);
    expect(startedMinutes(299_999, 60_000)).toBe(5);
  });

  it('costs started minutes times the rate, on any minute length', () => {
    expect(sessionCostUnits(3, 250)).toBe(750);
    expect(runningCostUnits(1_000, 1_000, 60_000, 250)).toBe(0);
    expect(runningCostUnits(1_000, 1_001, 60_000, 250)).toBe(250);
    expect(runningCostUnits(1_000, 2_500, 500, 150)).toBe(450);
  });

  it('holds the rate times five minutes', () => {
    expect(minimumHoldUnits(250)).toBe(1250);
    expect(minimumHoldUnits(50)).toBe(250);
  });

  it('starts minute k at (k - 1) minutes after acceptance', () => {
    expect(minuteStartsAt(10_000, 1, 60_000)).toBe(10_000);
    expect(minuteStartsAt(10_000, 3, 60_000)).toBe(130_000);
  });

  it('splits the 55% per charge so a session rounds once', () => {
    // 0.5 auracoin a minute: 27.5 cents a minute, rounded down once over the session
    const shares = [1, 2, 3, 4].map((minute) => performerShareOfPartCents((minute - 1) * 50, 50));
    expect(shares).toEqual([27, 28, 27, 28]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(performerShareCents(200));
  });

  it('shows elapsed time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(61_999)).toBe('01:01');
    expect(formatElapsed(3_600_000 + 5_000)).toBe('60:05');
  });
});

describe('the minutes of private a balance pays for', () => {
  it('is the whole minutes at her rate, once the balance covers the 5-minute minimum', () => {
    // 10 welcome auracoin at 2 auracoin/min: exactly the minimum, 5 minutes
    expect(affordableMinutes(1000, 200)).toBe(5);
    // at 1,5/min: 6 whole minutes (6,67)
    expect(affordableMinutes(1000, 150)).toBe(6);
    expect(affordableMinutes(1000, 100)).toBe(10);
    // at 2,5/min the minimum is 12,5: 10 do not start a session
    expect(affordableMinutes(1000, 250)).toBe(0);
    expect(affordableMinutes(1249, 250)).toBe(0);
    expect(affordableMinutes(1250, 250)).toBe(5);
    expect(affordableMinutes(1251, 250)).toBe(5);
    expect(affordableMinutes(0, 200)).toBe(0);
    expect(affordableMinutes(1000, 0)).toBe(0);
  });
});

describe('ending a session now', () => {
  it('pays the minimum below it, the started minutes from it on', () => {
    // 3 auracoin a minute: two minutes started, ending now pays the minimum of 5 minutes, 15 auracoin
    expect(chargeIfEndedNow(2, 300)).toEqual({ minutes: 5, minimumApplies: true, costUnits: 1_500 });
    expect(chargeIfEndedNow(0, 300)).toEqual({ minutes: 5, minimumApplies: true, costUnits: 1_500 });
    expect(chargeIfEndedNow(5, 300)).toEqual({ minutes: 5, minimumApplies: false, costUnits: 1_500 });
    expect(chargeIfEndedNow(7, 300)).toEqual({ minutes: 7, minimumApplies: false, costUnits: 2_100 });
    expect(chargeIfEndedNow(1, 250, 3)).toEqual({ minutes: 3, minimumApplies: true, costUnits: 750 });
  });
});

describe('minutes started, at the edges', () => {
  it('a minute of no length, or a time that is no number, starts no minute', () => {
    expect(startedMinutes(90_000, 0)).toBe(0);
    expect(startedMinutes(90_000, -60_000)).toBe(0);
    expect(startedMinutes(Number.NaN, 60_000)).toBe(0);
    expect(startedMinutes(1, 60_000)).toBe(1);
  });
});
