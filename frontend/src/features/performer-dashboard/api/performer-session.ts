import { useMemo, useSyncExternalStore } from 'react';
import type { PerformerView } from '@aura/contracts';
import { SESSION_CHANGED_EVENT } from '../../../lib/session-storage';

/**
 * The browser's copy of the signed-in performer (spec §3: local storage key `performer`, also
 * cached after updates). A cache for the UI only: the server decides through the session cookie.
 */
export const PERFORMER_KEY = 'performer';
const RECHECK_MS = 1000;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function parseStoredPerformer(raw: string | null | undefined): PerformerView | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object') return null;
    const v = parsed as Record<string, unknown>;
    return typeof v.id === 'string' && v.id !== '' && typeof v.name === 'string' ? (parsed as PerformerView) : null;
  } catch {
    return null;
  }
}

export function getStoredPerformer(): PerformerView | null {
  return parseStoredPerformer(storage()?.getItem(PERFORMER_KEY));
}

export function setStoredPerformer(performer: PerformerView): void {
  const s = storage();
  if (!s) return;
  const raw = JSON.stringify(performer);
  if (s.getItem(PERFORMER_KEY) === raw) return;
  s.setItem(PERFORMER_KEY, raw);
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

export function clearStoredPerformer(): void {
  const s = storage();
  if (!s || s.getItem(PERFORMER_KEY) === null) return;
  s.removeItem(PERFORMER_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === PERFORMER_KEY) onChange();
  };
  window.addEventListener(SESSION_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  const timer = window.setInterval(onChange, RECHECK_MS);
  return () => {
    window.removeEventListener(SESSION_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
    window.clearInterval(timer);
  };
}

/** The stored performer, re-rendering when it changes (the header re-checks every second). */
export function useStoredPerformer(): PerformerView | null {
  const raw = useSyncExternalStore(subscribe, () => storage()?.getItem(PERFORMER_KEY) ?? null, () => null);
  return useMemo(() => parseStoredPerformer(raw), [raw]);
}
