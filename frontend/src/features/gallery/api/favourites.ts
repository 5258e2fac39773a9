import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallAnswer } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

type FavouritesAnswer = CallAnswer<'listFavourites'>;

const LOCAL_KEY = 'favourites';
const LOCAL_EVENT = 'aura:favourites-changed';

function readLocal(): string {
  try {
    return window.localStorage.getItem(LOCAL_KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function parseIds(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function subscribeLocal(onChange: () => void) {
  window.addEventListener(LOCAL_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(LOCAL_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * Favourite performers: on the server for a signed-in user (so she is notified when a favourite
 * comes online), in this browser's storage for a visitor.
 */
export function useFavourites(userId: string | null) {
  const queryClient = useQueryClient();
  const localRaw = useSyncExternalStore(subscribeLocal, readLocal, () => '[]');
  const remote = useQuery({
    queryKey: queryKeys.favourites.ofUser(userId ?? ''),
    queryFn: ({ signal }) => call('listFavourites', { signal }),
    enabled: Boolean(userId),
  });
  const toggleRemote = useMutation({
    mutationFn: ({ performerId, add }: { performerId: string; add: boolean }) =>
      call(add ? 'addFavourite' : 'removeFavourite', { params: { id: performerId } }),
    onMutate: ({ performerId, add }) => {
      const key = queryKeys.favourites.ofUser(userId ?? '');
      const before = queryClient.getQueryData<FavouritesAnswer>(key);
      const ids = new Set(before?.performerIds ?? []);
      if (add) ids.add(performerId);
      else ids.delete(performerId);
      queryClient.setQueryData<FavouritesAnswer>(key, { performerIds: [...ids] });
      return { before };
    },
    onError: (_error, _vars, context) => {
      queryClient.setQueryData(queryKeys.favourites.ofUser(userId ?? ''), context?.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.favourites.ofUser(userId ?? ''), answer),
  });

  const remoteIds = remote.data?.performerIds;
  const ids = useMemo(() => (userId ? (remoteIds ?? []) : parseIds(localRaw)), [userId, remoteIds, localRaw]);
  const { mutate } = toggleRemote;
  const toggle = useCallback(
    (performerId: string) => {
      const add = !ids.includes(performerId);
      if (userId) {
        mutate({ performerId, add });
        return;
      }
      const next = add ? [...ids, performerId] : ids.filter((id) => id !== performerId);
      try {
        window.localStorage.setItem(LOCAL_KEY, JSON.stringify(next));
      } catch {
        /* storage disabled */
      }
      window.dispatchEvent(new Event(LOCAL_EVENT));
    },
    [ids, userId, mutate],
  );
  return { ids, toggle };
}
