import { useEffect } from 'react';
import type { UserView } from '@aura/contracts';
import { errorStatus } from '../../../lib/api-client';
import { clearStoredUser, setStoredUser, useStoredUser } from '../../../lib/session-storage';
import { useUser } from '../api/get-user';

/** Answers that mean the stored session is no longer valid on the server. */
const SESSION_GONE = new Set([401, 403, 404]);

export interface CurrentUser {
  /** the freshest record known: the server's answer, else the local cache */
  user: UserView | null;
  /** true until the server has answered for the stored user */
  isLoading: boolean;
  /** the server has confirmed the record (not only the local cache) */
  isConfirmed: boolean;
  error: Error | null;
}

/**
 * The signed-in user: the local cache for an instant first paint, then `getUser`.
 * A fresh answer refreshes the cache (docs/product.md#api); a 401/403/404 clears it, because the server
 * decides who is signed in.
 */
export function useCurrentUser(): CurrentUser {
  const stored = useStoredUser();
  const query = useUser(stored?.id);

  const data = query.data;
  useEffect(() => {
    if (data && stored && data.id === stored.id) setStoredUser(data);
  }, [data, stored]);

  const status = errorStatus(query.error);
  useEffect(() => {
    if (status !== undefined && SESSION_GONE.has(status)) clearStoredUser();
  }, [status]);

  if (!stored) return { user: null, isLoading: false, isConfirmed: false, error: null };
  const fresh = data && data.id === stored.id ? data : undefined;
  return {
    user: fresh ?? stored,
    isLoading: query.isPending,
    isConfirmed: fresh !== undefined,
    error: query.error,
  };
}
