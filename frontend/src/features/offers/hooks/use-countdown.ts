import { useEffect, useState } from 'react';
import { secondsLeft } from './countdown';

/** Seconds left to `endsAt`, ticking every second; calls `onEnd` once when it reaches 0. */
export function useCountdown(endsAt: string | undefined, onEnd?: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!endsAt) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  const left = endsAt ? secondsLeft(endsAt, now) : 0;
  useEffect(() => {
    if (endsAt && left === 0) onEnd?.();
  }, [endsAt, left, onEnd]);
  return left;
}

/** The current time, refreshed every `intervalMs` (for statuses that change with time). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
