import { useQuery } from '@tanstack/react-query';
import type { AliasView } from '@aura/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/users/{userId}/aliases (the chooser uses the active ones). */
export function useActiveAliases(userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['aliases', userId ?? ''],
    queryFn: ({ signal }) => api.get<AliasView[]>(`/api/users/${encodeURIComponent(userId ?? '')}/aliases`, { signal }),
    enabled: Boolean(userId) && enabled,
    select: (aliases) => aliases.filter((a) => a.isActive),
  });
}
