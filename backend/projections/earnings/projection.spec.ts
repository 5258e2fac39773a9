import type { DomainEvent } from '@aura/contracts';
import { evolveEarnings, lastDays, type EarningsDoc } from './projection';

const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const credit = (shareCents: number, creditedAt: string): DomainEvent => ({
  type: 'PerformerEarningsCredited',
  data: { performerId, source: 'photo', sourceId: 'x', grossUnits: 100, shareCents, creditedAt },
});

describe('earnings read model', () => {
  it('sums per day and in total', () => {
    const doc = [
      credit(2750, '2026-11-19T23:59:00.000Z'),
      credit(55, '2026-11-20T00:01:00.000Z'),
      credit(27, '2026-11-20T09:00:00.000Z'),
    ].reduce<EarningsDoc | null>(evolveEarnings, null);
    expect(doc).toEqual({ _id: performerId, totalCents: 2832, days: { '2026-11-19': 2750, '2026-11-20': 82 } });
    const series = lastDays(doc, new Date('2026-11-20T12:00:00Z'), 3);
    expect(series).toEqual([
      { date: '2026-11-18', euro: 0 },
      { date: '2026-11-19', euro: 27.5 },
      { date: '2026-11-20', euro: 0.82 },
    ]);
  });
});
