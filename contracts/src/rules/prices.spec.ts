import { auracoinToUnits } from '../money';
import { priceCeilingMessages, priceCeilings, priceChangedMessage, priceSeenMatches, withinCeiling } from './prices';

describe('price ceilings (docs/product.md#price-ceilings)', () => {
  it('allows every price up to its ceiling and refuses above it', () => {
    expect(withinCeiling('ratePerMinute', priceCeilings.ratePerMinute)).toBe(true);
    expect(withinCeiling('ratePerMinute', priceCeilings.ratePerMinute + 0.5)).toBe(false);
    expect(withinCeiling('messagePrice', 50)).toBe(true);
    expect(withinCeiling('messagePrice', 50.5)).toBe(false);
    expect(withinCeiling('photoPrice', 500)).toBe(true);
    expect(withinCeiling('photoPrice', 1e9)).toBe(false);
    expect(withinCeiling('photoPrice', Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('words each refusal in Italian with Italian numbers', () => {
    expect(priceCeilingMessages).toEqual({
      ratePerMinute: 'Tariffa massima 100 auracoin/min',
      messagePrice: 'Prezzo massimo 50 auracoin a messaggio',
      photoPrice: 'Prezzo massimo 500 auracoin',
    });
  });
});

describe('the price billed is the price seen (docs/product.md#price-seen)', () => {
  it('matches the current price in minor units, and anything when nothing was said', () => {
    expect(priceSeenMatches(2.5, auracoinToUnits(2.5))).toBe(true);
    expect(priceSeenMatches(2.5, auracoinToUnits(3))).toBe(false);
    expect(priceSeenMatches(0, 0)).toBe(true);
    expect(priceSeenMatches(undefined, 12345)).toBe(true);
  });

  it("says 'Il prezzo è cambiato: ora N auracoin' with N the Italian way", () => {
    expect(priceChangedMessage(3)).toBe('Il prezzo è cambiato: ora 3 auracoin');
    expect(priceChangedMessage(2.5)).toBe('Il prezzo è cambiato: ora 2,5 auracoin');
    expect(priceChangedMessage(1500)).toBe('Il prezzo è cambiato: ora 1.500 auracoin');
  });
});
