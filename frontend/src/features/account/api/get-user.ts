import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function getUser(id: string, signal?: AbortSignal): Promise<UserView> {
  return api.get<UserView>(`/api/users/${encodeURIComponent(id)}`, { signal });
}

/** GET /api/users/{id}: the user record (own, or any for admins). */
export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.users.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
