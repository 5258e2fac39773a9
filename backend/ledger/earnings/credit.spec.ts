import { earningsCredited, earningsEventId, saleShareCents } from './credit';

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

describe('promotional units earn no share (docs/architecture.md#promotional-units)', () => {
  it('the share is earned only on the purchased part', () => {
    // a 5-auracoin photo paid with 3 purchased and 2 welcome auracoin: 55% of 300 units
    expect(earningsCredited({ performerId, source: 'photo', sourceId: 'p1', grossUnits: 500, purchasedUnits: 300 }, at).data).toMatchObject({ grossUnits: 500, purchasedUnits: 300, shareCents: 165 });
    expect(earningsCredited({ performerId, source: 'message', sourceId: 'm1', grossUnits: 100, purchasedUnits: 0 }, at).data).toMatchObject({ purchasedUnits: 0, shareCents: 0 });
  });

  it('a session rounds its share once over its running purchased total', () => {
    // minutes of 150 units, all purchased: 82 + 83 cents, as the whole 300 units give 165
    const first = saleShareCents({ performerId, source: 'session', sourceId: 's:minute-1', grossUnits: 150, grossBeforeUnits: 0, purchasedUnits: 150, purchasedBeforeUnits: 0 });
    const second = saleShareCents({ performerId, source: 'session', sourceId: 's:minute-2', grossUnits: 150, grossBeforeUnits: 150, purchasedUnits: 150, purchasedBeforeUnits: 150 });
    expect([first, second]).toEqual([82, 83]);
    // a minute paid with welcome coins after them adds nothing
    expect(saleShareCents({ performerId, source: 'session', sourceId: 's:minute-3', grossUnits: 150, grossBeforeUnits: 300, purchasedUnits: 0, purchasedBeforeUnits: 300 })).toBe(0);
  });

  it('a sale recorded before the split earns on its whole gross, as it was credited then', () => {
    expect(saleShareCents({ performerId, source: 'message', sourceId: 'm0', grossUnits: 150 })).toBe(82);
    expect(earningsCredited({ performerId, source: 'message', sourceId: 'm0', grossUnits: 150 }, at).data).not.toHaveProperty('purchasedUnits');
  });
});
