import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPerformerInput, PerformerPatchInput } from '@aura/contracts';
import { call, type CallInput } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export function useAdminPerformers() {
  return useQuery({
    queryKey: queryKeys.performers.list,
    queryFn: ({ signal }) => call('adminListPerformers', { signal }),
  });
}

export function usePendingPerformers() {
  return useQuery({
    queryKey: queryKeys.performersPending.list,
    queryFn: ({ signal }) => call('pendingPerformers', { signal }),
  });
}

/** Documents with short-lived links: read when the admin asks, never cached for long. */
export function usePerformerDocuments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.performers.documents(id),
    queryFn: ({ signal }) => call('listDocuments', { params: { id }, signal }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

function useInvalidatePerformers() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.performers.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.performersPending.list });
    void queryClient.invalidateQueries({ queryKey: queryKeys.gallery.all });
  };
}

export function useCreatePerformer() {
  const invalidate = useInvalidatePerformers();
  return useMutation({
    mutationFn: (body: AdminPerformerInput) => call('createPerformer', { body }),
    onSuccess: invalidate,
  });
}

export function useUpdatePerformerAsAdmin() {
  const invalidate = useInvalidatePerformers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PerformerPatchInput }) =>
      call('updatePerformer', { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeletePerformer() {
  const invalidate = useInvalidatePerformers();
  return useMutation({
    mutationFn: (id: string) => call('deletePerformer', { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useVerifyPerformer() {
  const invalidate = useInvalidatePerformers();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & CallInput<'verifyPerformer'>['body']) =>
      call('verifyPerformer', { params: { id }, body }),
    onSuccess: invalidate,
  });
}
