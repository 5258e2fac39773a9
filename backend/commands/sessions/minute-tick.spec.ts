import type { DomainEvent } from '@aura/contracts';
import { billedMinutes, minuteTickReason } from './commands';

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

describe('the lateness of the minutes a tick billed', () => {
  const ids = {
    sessionId: '00000000-0000-4000-8000-000000000001',
    walletId: '00000000-0000-4000-8000-000000000002',
    performerId: '00000000-0000-4000-8000-000000000003',
  };
  const billed = (minute: number, minuteStartedAt: string, billedAt: string): DomainEvent => ({
    type: 'SessionMinuteBilled',
    data: { ...ids, minute, minuteStartedAt, billedAt, amount: 300, sessionCostUnits: 300 * minute, lastMinute: false },
  });

  it('gives each billed minute its own lateness: minutes a sweep catches up after an outage are each as late as they waited', () => {
    const events: DomainEvent[] = [
      billed(3, '2026-11-23T12:02:00.000Z', '2026-11-23T12:04:30.000Z'),
      {
        type: 'SessionPartyReturned',
        data: { sessionId: ids.sessionId, party: 'user', at: '2026-11-23T12:04:30.000Z' },
      },
      billed(4, '2026-11-23T12:03:00.000Z', '2026-11-23T12:04:30.000Z'),
      billed(5, '2026-11-23T12:04:00.000Z', '2026-11-23T12:04:30.000Z'),
    ];
    expect(billedMinutes(events)).toEqual([
      { minute: 3, lateMs: 150_000 },
      { minute: 4, lateMs: 90_000 },
      { minute: 5, lateMs: 30_000 },
    ]);
  });

  it('counts a minute billed on time (or a clock a hair behind) as zero late', () => {
    expect(billedMinutes([billed(2, '2026-11-23T12:01:00.000Z', '2026-11-23T12:00:59.999Z')])).toEqual([
      { minute: 2, lateMs: 0 },
    ]);
  });
});
