import { useMemo, useSyncExternalStore } from 'react';
import type { UserView } from '@aura/contracts';

/**
 * The browser's copy of "who is signed in" (spec §3/§4): the user record as JSON under `user`,
 * plus `userId` and `userName`. It is only a cache for the UI: the server decides, through the
 * httpOnly session cookie, who may do what, and a 401 from the API clears this cache.
 */
export const STORAGE_KEYS = {
  user: 'user',
  userId: 'userId',
  userName: 'userName',
} as const;

/** Dispatched on `window` whenever this tab changes the stored session. */
export const SESSION_CHANGED_EVENT = 'aura:session-changed';

/** The spec's header re-checks the stored session every second (covers edits made elsewhere). */
const RECHECK_MS = 1000;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode)
  }
}

function isUserView(value: unknown): value is UserView {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    v.id !== '' &&
    typeof v.username === 'string' &&
    typeof v.email === 'string' &&
    typeof v.auracoinBalance === 'number'
  );
}

export function parseStoredUser(raw: string | null | undefined): UserView | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUserView(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function notify(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

export function getStoredUser(): UserView | null {
  return parseStoredUser(storage()?.getItem(STORAGE_KEYS.user));
}

export function getStoredUserId(): string | null {
  return getStoredUser()?.id ?? storage()?.getItem(STORAGE_KEYS.userId) ?? null;
}

/** Store the user record after register/login or after a fresh read of the record. */
export function setStoredUser(user: UserView): void {
  const s = storage();
  if (!s) return;
  const raw = JSON.stringify(user);
  if (
    s.getItem(STORAGE_KEYS.user) === raw &&
    s.getItem(STORAGE_KEYS.userId) === user.id &&
    s.getItem(STORAGE_KEYS.userName) === user.username
  ) {
    return; // unchanged: no event, no re-render
  }
  s.setItem(STORAGE_KEYS.user, raw);
  s.setItem(STORAGE_KEYS.userId, user.id);
  s.setItem(STORAGE_KEYS.userName, user.username);
  notify();
}

/** Forget the signed-in user (logout, or the server answered 401). */
export function clearStoredUser(): void {
  const s = storage();
  if (!s) return;
  const had = Object.values(STORAGE_KEYS).some((key) => s.getItem(key) !== null);
  for (const key of Object.values(STORAGE_KEYS)) s.removeItem(key);
  if (had) notify();
}

/** Subscribe to any change of the stored session: this tab, other tabs, or a periodic re-check. */
export function subscribeToSession(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) onChange();
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

function getRawSnapshot(): string | null {
  return storage()?.getItem(STORAGE_KEYS.user) ?? null;
}

/** The stored user, re-rendering when it changes. `null` when nobody is signed in. */
export function useStoredUser(): UserView | null {
  const raw = useSyncExternalStore(subscribeToSession, getRawSnapshot, () => null);
  return useMemo(() => parseStoredUser(raw), [raw]);
}
