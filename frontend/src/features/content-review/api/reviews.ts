import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallInput } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** New photos and profile portraits waiting for review, oldest first (issue 39 item 5). */
export function useItemsInReview() {
  return useQuery({
    queryKey: queryKeys.photos.inReview,
    queryFn: ({ signal }) => call('listReviews', { signal }),
    refetchInterval: 30_000,
  });
}

export function useDecideReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & CallInput<'decideReview'>['body']) =>
      call('decideReview', { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.photos.inReview }),
  });
}
