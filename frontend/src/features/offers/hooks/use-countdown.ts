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

/** setTimeout's longest delay (about 24.8 days); a later end is waited for in steps of it. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Whether `endsAt` has passed (true without one): re-renders once, when it passes, rather than every
 * second, so that what only shows or prices by a running offer (the banner's frame, the package cards)
 * is not drawn again each second of its countdown; calls `onEnd` once then.
 */
export function useHasEnded(endsAt: string | undefined, onEnd?: () => void): boolean {
  const [now, setNow] = useState(() => Date.now());
  const ended = !endsAt || Date.parse(endsAt) <= now;
  useEffect(() => {
    if (!endsAt || ended) return undefined;
    const wait = Math.min(Math.max(Date.parse(endsAt) - Date.now(), 0), LONGEST_TIMEOUT_MS);
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [endsAt, ended, now]);
  useEffect(() => {
    if (endsAt && ended) onEnd?.();
  }, [endsAt, ended, onEnd]);
  return ended;
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
