import {
  averageSessionMinutes,
  earningsForecast,
  formatEuro2,
  minimumEarningsCents,
  minimumEarningsText,
} from './earnings';

describe('earnings forecast', () => {
  it('is her 55% of minutes × rate, a day, 7 days and 30 days', () => {
    expect(earningsForecast(120, 2.5)).toEqual({ daily: 165, weekly: 1155, monthly: 4950 });
  });
  it('rounds her share down to the cent, as the ledger does', () => {
    // 0.33 a day gross: 33 units, her share 18.15 cents → 18
    expect(earningsForecast(1, 0.333)).toEqual({ daily: 0.18, weekly: 1.27, monthly: 5.44 });
  });
  it('gives zero for missing or negative figures', () => {
    expect(earningsForecast(-30, 2)).toEqual({ daily: 0, weekly: 0, monthly: 0 });
    expect(earningsForecast(30, Number.NaN)).toEqual({ daily: 0, weekly: 0, monthly: 0 });
  });
  it('formats euro with two decimals, 0.00 when missing', () => {
    expect(formatEuro2(27.5)).toBe('27.50');
    expect(formatEuro2(undefined)).toBe('0.00');
  });
  it('averages session length, rounded', () => {
    expect(averageSessionMinutes(100, 3)).toBe(33);
    expect(averageSessionMinutes(100, 0)).toBe(0);
  });
});

describe('the earnings forecast and euro figures, at the edges', () => {
  it('a rate or minutes that are negative or no number forecast nothing', () => {
    const nothing = { daily: 0, weekly: 0, monthly: 0 };
    expect(earningsForecast(60, -2)).toEqual(nothing);
    expect(earningsForecast(60, Number.POSITIVE_INFINITY)).toEqual(nothing);
    expect(earningsForecast(-60, 2)).toEqual(nothing);
    expect(earningsForecast(Number.NaN, 2)).toEqual(nothing);
  });

  it('a euro figure that is no number shows as 0.00', () => {
    expect(formatEuro2(Number.NaN)).toBe('0.00');
    expect(formatEuro2(null)).toBe('0.00');
    expect(formatEuro2(1.5)).toBe('1.50');
  });
});

describe('what the minimum of a request earns her', () => {
  it('is her 55% of the purchased units the hold took, rounded down to the cent', () => {
    // 7.51 auracoin bought: 413.05 cents → 413
    expect(minimumEarningsCents(751)).toBe(413);
    expect(minimumEarningsCents(750)).toBe(412);
    expect(minimumEarningsCents(0)).toBe(0);
  });
  it("is worded in one place: 'Guadagnerai almeno 4,13 €', or nothing earned on promotional coins", () => {
    expect(minimumEarningsText(413)).toBe('Guadagnerai almeno 4,13\u00a0€');
    expect(minimumEarningsText(1)).toBe('Guadagnerai almeno 0,01\u00a0€');
    expect(minimumEarningsText(0)).toBe('Pagata con auracoin omaggio: non genera guadagni');
  });
});
