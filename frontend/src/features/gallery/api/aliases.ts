import { useQuery } from '@tanstack/react-query';
import { aliasesQueryOptions } from '../../../lib/shared-queries';

/** The signed-in user's active aliases, for the chooser (read once it opens). */
export function useActiveAliases(userId: string | null, enabled: boolean) {
  return useQuery({
    ...aliasesQueryOptions(userId ?? ''),
    enabled: Boolean(userId) && enabled,
    select: (aliases) => aliases.filter((a) => a.isActive),
  });
}
