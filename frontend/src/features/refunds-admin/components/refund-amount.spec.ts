import { describe, expect, it } from '@jest/globals';
import { REFUND_BODY_MESSAGES } from '@aura/contracts';
import { parseItalianAmount, refundAmountError, refundLeft } from './refund-amount';

describe('the refund amount', () => {
  it('reads amounts typed the Italian way or with a point', () => {
    expect(parseItalianAmount('6')).toBe(6);
    expect(parseItalianAmount('6,5')).toBe(6.5);
    expect(parseItalianAmount(' 6.5 ')).toBe(6.5);
    expect(parseItalianAmount('1.234,50')).toBe(1234.5);
    expect(parseItalianAmount('1.234')).toBe(1234);
    expect(parseItalianAmount('')).toBeNull();
    expect(parseItalianAmount('sei')).toBeNull();
    expect(parseItalianAmount('-3')).toBeNull();
  });

  it('is what is left of the sale at most, positive, in cents', () => {
    const left = refundLeft({ amount: 15, refunded: 6 });
    expect(left).toBe(9);
    expect(refundAmountError(9, left)).toBeNull();
    expect(refundAmountError(0.01, left)).toBeNull();
    expect(refundAmountError(9.01, left)).toBe('Al massimo quanto resta da rimborsare: 9 auracoin');
    expect(refundAmountError(0, left)).toBe(REFUND_BODY_MESSAGES.amount);
    expect(refundAmountError(1.005, left)).toBe(REFUND_BODY_MESSAGES.amount);
    expect(refundAmountError(null, left)).toBe(REFUND_BODY_MESSAGES.amount);
    expect(refundLeft({ amount: 15, refunded: 15 })).toBe(0);
  });
});
