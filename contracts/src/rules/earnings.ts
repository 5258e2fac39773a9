import { formatEuroCents } from '../format';
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

/**
 * What the minimum of a private request earns her, euro cents (issue 38 item 8): her 55% (the one
 * share rule, rounded down once) of the purchased auracoin the request's hold took. Welcome and other
 * promotional coins earn her nothing, so a minimum held of those alone earns 0.
 */
export function minimumEarningsCents(purchasedHeldUnits: number): number {
  return performerShareCents(purchasedHeldUnits);
}

export const FREE_COINS_EARN_NOTHING = 'Pagata con auracoin omaggio: non genera guadagni';

/** What she reads on an incoming request, the one place it is worded: 'Guadagnerai almeno 4,13 €'. */
export function minimumEarningsText(earningsCents: number): string {
  return earningsCents > 0 ? `Guadagnerai almeno ${formatEuroCents(earningsCents)}` : FREE_COINS_EARN_NOTHING;
}
