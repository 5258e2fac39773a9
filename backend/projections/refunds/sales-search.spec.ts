import { romeDayStart } from './sales-search';

describe('the Italian calendar day a sales search names', () => {
  it('begins at midnight in Rome, summer and winter, and on the days the clocks change', () => {
    expect(romeDayStart('2026-11-18').toISOString()).toBe('2026-11-17T23:00:00.000Z');
    expect(romeDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // clocks forward at 02:00 on 29 March 2026: the day began on winter time
    expect(romeDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(romeDayStart('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // clocks back at 03:00 on 25 October 2026: the day began on summer time
    expect(romeDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(romeDayStart('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });
});
