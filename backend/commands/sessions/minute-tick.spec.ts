import { minuteTickReason } from './commands';

describe("the job id reason of a session's next minute tick", () => {
  const minuteAt = Date.parse('2026-11-23T12:01:00.000Z');

  it('is the minute itself when asked by another tick (the same minute asked twice runs once)', () => {
    expect(minuteTickReason(3, minuteAt, undefined, minuteAt - 30_000)).toBe('minute:3');
    expect(minuteTickReason(3, minuteAt, minuteAt - 60_000, minuteAt - 60_000)).toBe('minute:3');
  });

  it('is a new one when the tick meant for that minute fired early and asks for it again (never dropped as a duplicate)', () => {
    expect(minuteTickReason(3, minuteAt, minuteAt, minuteAt - 1)).toBe(`minute:3:again:${minuteAt - 1}`);
  });
});
