import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserView } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function getUser(id: string, signal?: AbortSignal): Promise<UserView> {
  return call('getUser', { params: { id }, signal });
}

/** getUser: the user record (own, or any for admins). */
export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.users.detail(id),
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: string | undefined) {
  return useQuery({ ...userQueryOptions(id ?? ''), enabled: Boolean(id) });
}
