import { performerShareCents } from './share';

/**
 * Earnings forecast of the performer dashboard: her 55% share (the one share rule) of what daily
 * minutes at her rate gross, a day, a week (× 7) and a month (× 30).
 */
export const DAILY_TARGET_DEFAULT_MINUTES = 120;
export const DAILY_TARGET_STEP_MINUTES = 30;

export interface EarningsForecast {
  daily: number;
  weekly: number;
  monthly: number;
}

/** Euro figures rounded to two decimals (1 auracoin = 1 euro on the performer side). */
export function earningsForecast(dailyMinutes: number, creditsPerMinute: number): EarningsForecast {
  const minutes = Number.isFinite(dailyMinutes) && dailyMinutes > 0 ? dailyMinutes : 0;
  const rate = Number.isFinite(creditsPerMinute) && creditsPerMinute > 0 ? creditsPerMinute : 0;
  const dailyGrossUnits = Math.round(minutes * rate * 100);
  const share = (days: number) => performerShareCents(dailyGrossUnits * days) / 100;
  return { daily: share(1), weekly: share(7), monthly: share(30) };
}

/** Two decimals as shown ('0.00' when missing). */
export function formatEuro2(value: number | null | undefined): string {
  return (typeof value === 'number' && Number.isFinite(value) ? value : 0).toFixed(2);
}

/** Average session length in minutes: online minutes divided by sessions, rounded; 0 without sessions. */
export function averageSessionMinutes(totalOnlineMinutes: number, totalSessions: number): number {
  return totalSessions > 0 ? Math.round(totalOnlineMinutes / totalSessions) : 0;
}
