import { parsePurchaseLimits, type PurchaseLimit } from '../../platform/config/purchase-limits';
import { countedSince, decidePurchaseLimit, PurchaseLimitError, type CountedPurchase } from './limits';

const now = new Date('2026-11-20T10:00:00.000Z');
const limits = parsePurchaseLimits('10/1h,5000EUR/24h') as PurchaseLimit[];
/** a purchase started `minutesAgo` before now, for `euros` */
const bought = (minutesAgo: number, euros = 10): CountedPurchase => ({
  startedAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
  priceCents: euros * 100,
});

describe('purchase limits (given his counted purchases, when he starts another, then…)', () => {
  it('given 9 purchases in the hour, the 10th fits', () => {
    const nine = Array.from({ length: 9 }, (_, index) => bought(5 + index));
    expect(decidePurchaseLimit(limits, nine, 1000, now)).toBeUndefined();
  });

  it('given 10 in the hour, the 11th is refused until the oldest of them leaves the hour', () => {
    const ten = Array.from({ length: 10 }, (_, index) => bought(10 + index)); // the oldest 19 minutes ago
    const refused = decidePurchaseLimit(limits, ten, 1000, now);
    expect(refused).toBeInstanceOf(PurchaseLimitError);
    expect(refused).toMatchObject({ code: 'purchase_limit', limit: '10/1h', retryAfterSeconds: 41 * 60 });
  });

  it('given 12 in the hour (a lower limit since), it waits for the third oldest to leave', () => {
    const twelve = Array.from({ length: 12 }, (_, index) => bought(index + 1)); // 1..12 minutes ago
    expect(decidePurchaseLimit(limits, twelve, 1000, now)).toMatchObject({ retryAfterSeconds: 50 * 60 });
  });

  it('a purchase that left the window exactly does not count', () => {
    const ten = [bought(60), ...Array.from({ length: 9 }, (_, index) => bought(index + 1))];
    expect(decidePurchaseLimit(limits, ten, 1000, now)).toBeUndefined();
  });

  it('given 4900 € in the day, 100 € more fits and 100.01 € waits for enough of the oldest to leave', () => {
    const day = [bought(23 * 60, 900), bought(20 * 60, 2000), bought(60 * 2, 2000)];
    expect(decidePurchaseLimit(limits, day, 10_000, now)).toBeUndefined();
    // 900 € leaving (in one hour) is enough
    expect(decidePurchaseLimit(limits, day, 10_001, now)).toMatchObject({
      limit: '5000EUR/24h',
      retryAfterSeconds: 3600,
    });
    // 2000 € more needs the first two gone (in 4 hours)
    expect(decidePurchaseLimit(limits, day, 200_000, now)).toMatchObject({ retryAfterSeconds: 4 * 3600 });
  });

  it('a purchase dearer than the amount limit itself waits a whole window', () => {
    expect(decidePurchaseLimit(limits, [], 500_001, now)).toMatchObject({ retryAfterSeconds: 24 * 3600 });
  });

  it('both limits held: the longer wait is the answer; a wait under a second is one second', () => {
    const many = Array.from({ length: 10 }, (_, index) => bought(index + 1, 490)); // 4900 € in the hour
    expect(decidePurchaseLimit(limits, many, 20_000, now)).toMatchObject({ limit: '5000EUR/24h' });
    const justIn: CountedPurchase[] = [{ startedAt: new Date(now.getTime() - 3_599_999).toISOString(), priceCents: 1 }];
    expect(decidePurchaseLimit(parsePurchaseLimits('1/1h') as PurchaseLimit[], justIn, 1, now)).toMatchObject({
      retryAfterSeconds: 1,
    });
  });

  it('no limits (off) refuse nothing; purchases are read back as far as the widest window', () => {
    const many = Array.from({ length: 100 }, (_, index) => bought(index));
    expect(decidePurchaseLimit([], many, 10_000_000, now)).toBeUndefined();
    expect(countedSince(limits, now).toISOString()).toBe('2026-11-19T10:00:00.000Z');
    expect(countedSince([], now)).toEqual(now);
  });
});
