import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** under her shows' key: what refreshes her shows (going live, ending) refreshes this too */
const whipKey = (performerId: string) => [...queryKeys.shows.ofPerformer(performerId), 'whip'] as const;

/** Her WHIP address and token for OBS, and the show OBS streams now, if any. */
export const useWhipSettings = (performerId: string) =>
  useQuery({
    queryKey: whipKey(performerId),
    queryFn: ({ signal }) => call('getWhip', { params: { id: performerId }, signal }),
  });

/** A new token: the one pasted in OBS before stops working. */
export function useRenewWhipToken(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('renewWhipToken', { params: { id: performerId } }),
    onSuccess: (settings) => queryClient.setQueryData(whipKey(performerId), settings),
  });
}
