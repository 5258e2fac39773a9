import { earningsCredited, earningsEventId } from './credit';

const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const at = new Date('2026-11-20T10:00:00.000Z');

describe('earnings of a sale', () => {
  it('credits 55% of the gross in euro cents, rounded down, for any source', () => {
    expect(earningsCredited({ performerId, source: 'message', sourceId: 'm1', grossUnits: 150 }, at)).toEqual({
      type: 'PerformerEarningsCredited',
      data: { performerId, source: 'message', sourceId: 'm1', grossUnits: 150, shareCents: 82, creditedAt: at.toISOString() },
    });
  });

  it('has one fixed event id per sale, distinct across sources', () => {
    expect(earningsEventId('message', 'm1')).toBe(earningsEventId('message', 'm1'));
    expect(earningsEventId('message', 'm1')).not.toBe(earningsEventId('photo', 'm1'));
  });
});
