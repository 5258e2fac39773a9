import { EARLY_TICK_TOLERANCE_MS, tickMoment } from './commands';

describe('the moment a session tick acts at', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');

  it('is the scheduled moment when the timer fired a little early (a minute is billed at its start, not missed)', () => {
    expect(tickMoment(now, now.getTime() + 1)).toEqual(new Date(now.getTime() + 1));
    expect(tickMoment(now, now.getTime() + EARLY_TICK_TOLERANCE_MS)).toEqual(new Date(now.getTime() + EARLY_TICK_TOLERANCE_MS));
  });

  it('is now for a tick on time or late, one without a scheduled moment, and one far too early', () => {
    expect(tickMoment(now, now.getTime())).toBe(now);
    expect(tickMoment(now, now.getTime() - 5_000)).toBe(now);
    expect(tickMoment(now)).toBe(now);
    expect(tickMoment(now, now.getTime() + EARLY_TICK_TOLERANCE_MS + 1)).toBe(now);
  });
});
