import { useMemo, useSyncExternalStore } from 'react';
import type { PerformerView, UserView } from '@aura/contracts';

/**
 * The browser's copy of who is signed in (docs/product.md#entities, #states): the user record as JSON under `user`
 * (plus `userId` and `userName`), the performer record under `performer`. It is only a cache for
 * the UI: the server decides, through the httpOnly session cookie, who may do what, and an answer
 * saying the session is gone clears the entry. The admin session lives in the query cache instead
 * (`GET /api/admin/me`), never here.
 */
export const STORAGE_KEYS = {
  user: 'user',
  userId: 'userId',
  userName: 'userName',
  performer: 'performer',
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

function parseRecord<T>(raw: string | null | undefined, isValid: (v: Record<string, unknown>) => boolean): T | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && isValid(parsed as Record<string, unknown>)
      ? (parsed as T)
      : null;
  } catch {
    return null;
  }
}

const hasId = (v: Record<string, unknown>) => typeof v.id === 'string' && v.id !== '';

export function parseStoredUser(raw: string | null | undefined): UserView | null {
  return parseRecord<UserView>(
    raw,
    (v) =>
      hasId(v) &&
      typeof v.username === 'string' &&
      typeof v.email === 'string' &&
      typeof v.auracoinBalance === 'number',
  );
}

export function parseStoredPerformer(raw: string | null | undefined): PerformerView | null {
  return parseRecord<PerformerView>(raw, (v) => hasId(v) && typeof v.name === 'string');
}

/** One signed-in party's entries: the record's key first, then any extra keys written with it. */
interface SessionEntry<T> {
  keys: readonly string[];
  parse: (raw: string | null | undefined) => T | null;
  write: (record: T) => Record<string, string>;
}

const userEntry: SessionEntry<UserView> = {
  keys: [STORAGE_KEYS.user, STORAGE_KEYS.userId, STORAGE_KEYS.userName],
  parse: parseStoredUser,
  write: (user) => ({
    [STORAGE_KEYS.user]: JSON.stringify(user),
    [STORAGE_KEYS.userId]: user.id,
    [STORAGE_KEYS.userName]: user.username,
  }),
};

const performerEntry: SessionEntry<PerformerView> = {
  keys: [STORAGE_KEYS.performer],
  parse: parseStoredPerformer,
  write: (performer) => ({ [STORAGE_KEYS.performer]: JSON.stringify(performer) }),
};

function notify(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

function readEntry<T>(entry: SessionEntry<T>): T | null {
  return entry.parse(storage()?.getItem(entry.keys[0]!));
}

function writeEntry<T>(entry: SessionEntry<T>, record: T): void {
  const s = storage();
  if (!s) return;
  const values = Object.entries(entry.write(record));
  if (values.every(([key, value]) => s.getItem(key) === value)) return; // unchanged: no event, no re-render
  for (const [key, value] of values) s.setItem(key, value);
  notify();
}

function clearEntry<T>(entry: SessionEntry<T>): void {
  const s = storage();
  if (!s) return;
  const had = entry.keys.some((key) => s.getItem(key) !== null);
  for (const key of entry.keys) s.removeItem(key);
  if (had) notify();
}

function useEntry<T>(entry: SessionEntry<T>): T | null {
  const raw = useSyncExternalStore(
    subscribeToSession,
    () => storage()?.getItem(entry.keys[0]!) ?? null,
    () => null,
  );
  return useMemo(() => entry.parse(raw), [entry, raw]);
}

export function getStoredUser(): UserView | null {
  return readEntry(userEntry);
}

export function getStoredUserId(): string | null {
  return getStoredUser()?.id ?? storage()?.getItem(STORAGE_KEYS.userId) ?? null;
}

/** Store the user record after register/login or after a fresh read of the record. */
export function setStoredUser(user: UserView): void {
  writeEntry(userEntry, user);
}

/** Forget the signed-in user (logout, or the server answered 401). */
export function clearStoredUser(): void {
  clearEntry(userEntry);
}

/** The stored user, re-rendering when it changes. `null` when nobody is signed in. */
export function useStoredUser(): UserView | null {
  return useEntry(userEntry);
}

export function getStoredPerformer(): PerformerView | null {
  return readEntry(performerEntry);
}

/** Store (or refresh) the signed-in performer's record: after login and after every update of it. */
export function setStoredPerformer(performer: PerformerView): void {
  writeEntry(performerEntry, performer);
}

export function clearStoredPerformer(): void {
  clearEntry(performerEntry);
}

/** The stored performer, re-rendering when it changes. */
export function useStoredPerformer(): PerformerView | null {
  return useEntry(performerEntry);
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
