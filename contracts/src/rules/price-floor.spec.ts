import { describe, expect, it } from '@jest/globals';
import {
  AURACOIN_PRICE_FLOOR_EUR_DEFAULT,
  auracoinMargin,
  belowPriceFloor,
  firstBelowPriceFloor,
  PERFORMER_EUR_PER_AURACOIN,
  priceBelowFloorMessage,
  TOP_TIER_DISCOUNT_PERCENT,
  worstCaseEurPerAuracoin,
} from './price-floor';

const FLOOR = AURACOIN_PRICE_FLOOR_EUR_DEFAULT;
/** 85 auracoin for 40 €: 34 € after the top tier's 15%, 0.40 € an auracoin, exactly the floor */
const atFloor = { credits: 85, bonus: 0, priceCents: 4000 };

describe('the auracoin price floor', () => {
  it('the worst case is the top tier (15%) buying while the offer runs', () => {
    expect(TOP_TIER_DISCOUNT_PERCENT).toBe(15);
    expect(FLOOR).toBe(0.4);
    expect(worstCaseEurPerAuracoin(atFloor, 0)).toBeCloseTo(0.4, 10);
    // the demo's dearest case: 2,500 + 750 for 2,000 € with the demo's +20% offer
    expect(worstCaseEurPerAuracoin({ credits: 2500, bonus: 750, priceCents: 200_000 }, 20)).toBeCloseTo(0.4359, 4);
    expect(worstCaseEurPerAuracoin({ credits: 100, bonus: 0, priceCents: 10_000 }, 0)).toBeCloseTo(0.85, 10);
  });

  it('a price at the floor passes; a cent under it, or the same package with an offer, does not', () => {
    expect(belowPriceFloor(atFloor, 0, FLOOR)).toBe(false);
    expect(belowPriceFloor({ ...atFloor, priceCents: 3999 }, 0, FLOOR)).toBe(true);
    expect(belowPriceFloor(atFloor, 1, FLOOR)).toBe(true);
    expect(belowPriceFloor({ ...atFloor, bonus: 1 }, 0, FLOOR)).toBe(true);
    expect(belowPriceFloor(atFloor, 0, 0.41)).toBe(true);
    expect(belowPriceFloor(atFloor, 0, 0.39)).toBe(false);
  });

  it('refuses the million auracoin for 1 €, and passes the demo price list with its offer', () => {
    expect(belowPriceFloor({ credits: 1_000_000, bonus: 0, priceCents: 100 }, 0, FLOOR)).toBe(true);
    const demo = [
      { credits: 10, bonus: 0, priceCents: 1000 },
      { credits: 50, bonus: 0, priceCents: 5000 },
      { credits: 100, bonus: 10, priceCents: 9500 },
      { credits: 250, bonus: 35, priceCents: 22_500 },
      { credits: 500, bonus: 100, priceCents: 44_000 },
      { credits: 1000, bonus: 250, priceCents: 85_000 },
      { credits: 2500, bonus: 750, priceCents: 200_000 },
    ];
    expect(firstBelowPriceFloor(demo, 20, FLOOR)).toBeNull();
    // an offer of +40% would take the dearest under (+30%: 0,402 €, still above)
    expect(firstBelowPriceFloor(demo, 40, FLOOR)).toBe(demo[6]);
    expect(firstBelowPriceFloor(demo, 30, FLOOR)).toBeNull();
  });

  it('a package of no auracoin costs nothing per auracoin to check', () => {
    expect(worstCaseEurPerAuracoin({ credits: 0, bonus: 0, priceCents: 100 }, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(belowPriceFloor({ credits: 0, bonus: 0, priceCents: 100 }, 50, FLOOR)).toBe(false);
  });

  it('words the refusal in Italian with the worst case and the floor', () => {
    expect(priceBelowFloorMessage(0.0913, 0.4)).toBe(
      'Prezzo troppo basso: nel caso peggiore un auracoin costerebbe 0,091 €, sotto il minimo di 0,40 €',
    );
  });
});

describe('the margin per auracoin', () => {
  it('euros received per auracoin issued against the 0.55 € a performer is paid per auracoin spent', () => {
    expect(PERFORMER_EUR_PER_AURACOIN).toBe(0.55);
    expect(auracoinMargin(1_000, 2_000)).toEqual({
      eurosPerAuracoinIssued: 0.5,
      performerEurosPerAuracoin: 0.55,
      marginPerAuracoin: -0.05,
    });
    expect(auracoinMargin(2_000, 2_500)).toEqual({
      eurosPerAuracoinIssued: 0.8,
      performerEurosPerAuracoin: 0.55,
      marginPerAuracoin: 0.25,
    });
    expect(auracoinMargin(10, 3)).toMatchObject({ eurosPerAuracoinIssued: 3.3333, marginPerAuracoin: 2.7833 });
  });

  it('nothing issued: no margin yet', () => {
    expect(auracoinMargin(0, 0)).toEqual({
      eurosPerAuracoinIssued: null,
      performerEurosPerAuracoin: 0.55,
      marginPerAuracoin: null,
    });
  });
});
