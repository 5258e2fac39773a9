import { describe, expect, it } from '@jest/globals';
import type { SessionView } from '@aura/contracts';
import { sessionClock } from './clock';

const base: SessionView = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'active',
  role: 'user',
  performer: { id: '00000000-0000-4000-8000-000000000002', name: 'Giulia', image: '' },
  identity: { id: '00000000-0000-4000-8000-000000000003', displayName: 'Lupo' },
  ratePerMinute: 2.5,
  minimumMinutes: 5,
  minimumAuracoin: 12.5,
  billingMinuteMs: 60_000,
  requestedAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-01T10:01:00.000Z',
  startedAt: '2026-01-01T10:00:10.000Z',
  endedAt: null,
  minutesBilled: 1,
  minutesCharged: 1,
  tipsAuracoin: 0,
  costAuracoin: 2.5,
  endReason: null,
  endedBy: null,
  lastMinute: false,
  counterpartAway: false,
  performerEarnings: null,
  performerEarningsCents: null,
};
const at = (iso: string) => Date.parse(iso);

describe('the session clock', () => {
  it('shows nothing before the start', () => {
    expect(
      sessionClock(
        { ...base, status: 'requested', startedAt: null, minutesBilled: 0, costAuracoin: 0 },
        at('2026-01-01T10:00:30Z'),
      ),
    ).toEqual({ elapsed: '00:00', cost: 0, earnings: 0 });
  });

  it('counts mm:ss from the server start and bills started minutes at the rate', () => {
    expect(sessionClock(base, at('2026-01-01T10:00:11Z'))).toEqual({ elapsed: '00:01', cost: 2.5, earnings: 1.37 });
    expect(sessionClock(base, at('2026-01-01T10:01:10Z'))).toMatchObject({ elapsed: '01:00', cost: 2.5 });
    expect(sessionClock(base, at('2026-01-01T10:01:10.001Z'))).toMatchObject({ elapsed: '01:00', cost: 5 });
    expect(sessionClock(base, at('2026-01-01T11:10:10Z'))).toMatchObject({ elapsed: '70:00', cost: 175 });
  });

  it('follows a shortened billing minute', () => {
    expect(sessionClock({ ...base, billingMinuteMs: 2_000 }, at('2026-01-01T10:00:15Z'))).toMatchObject({
      elapsed: '00:05',
      cost: 7.5,
    });
  });

  it('never shows less than the server billed (a clock behind the server)', () => {
    expect(sessionClock({ ...base, minutesBilled: 2, costAuracoin: 5 }, at('2026-01-01T10:00:09Z'))).toMatchObject({
      cost: 5,
      earnings: 2.75,
    });
  });

  it('shows her the share the server credited on the billed minutes: welcome coins earn her nothing', () => {
    // minute 1 was paid with promotional auracoin: 0 €; minute 2, started but not billed yet, 55%
    const hers = { ...base, role: 'performer' as const, performerEarnings: 0 };
    expect(sessionClock(hers, at('2026-01-01T10:00:11Z'))).toMatchObject({ cost: 2.5, earnings: 0 });
    expect(sessionClock(hers, at('2026-01-01T10:01:11Z'))).toMatchObject({ cost: 5, earnings: 1.38 });
  });

  it('freezes at the end with the cost the server settled (the rest of the minimum)', () => {
    const ended = {
      ...base,
      status: 'ended' as const,
      endedAt: '2026-01-01T10:02:40.000Z',
      minutesBilled: 3,
      costAuracoin: 12.5,
    };
    expect(sessionClock(ended, at('2026-01-01T12:00:00Z'))).toEqual({ elapsed: '02:30', cost: 12.5, earnings: 6.87 });
  });
});
