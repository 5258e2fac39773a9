import { DAILY_TARGET_DEFAULT_MINUTES } from '@aura/contracts';

/** The daily-target setting lives only in local storage, under a key with the performer id (docs/product.md#entities). */
export function dailyTargetKey(performerId: string): string {
  return `performer-daily-target-${performerId}`;
}

export function readDailyTarget(performerId: string): number {
  try {
    const raw = window.localStorage.getItem(dailyTargetKey(performerId));
    const value = raw === null ? NaN : Number(raw);
    return Number.isFinite(value) && value >= 0 ? value : DAILY_TARGET_DEFAULT_MINUTES;
  } catch {
    return DAILY_TARGET_DEFAULT_MINUTES;
  }
}

export function writeDailyTarget(performerId: string, minutes: number): void {
  try {
    window.localStorage.setItem(dailyTargetKey(performerId), String(minutes));
  } catch {
    /* storage disabled */
  }
}
