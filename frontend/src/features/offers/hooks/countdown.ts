/** Seconds left until `endsAt` (never negative). */
export function secondsLeft(endsAt: string, now: number): number {
  return Math.max(0, Math.floor((Date.parse(endsAt) - now) / 1000));
}

/** 7384 → "02:03:04" */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
