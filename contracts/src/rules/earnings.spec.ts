import { averageSessionMinutes, earningsForecast, formatEuro2 } from './earnings';

describe('earnings forecast', () => {
  it('multiplies minutes by rate, then by 7 and 30', () => {
    expect(earningsForecast(120, 2.5)).toEqual({ daily: 300, weekly: 2100, monthly: 9000 });
  });
  it('rounds to two decimals', () => {
    expect(earningsForecast(1, 0.333)).toEqual({ daily: 0.33, weekly: 2.33, monthly: 9.99 });
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
