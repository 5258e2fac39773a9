import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPerformerInput, DocumentView, PerformerPatchInput, PerformerView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useAdminPerformers() {
  return useQuery({
    queryKey: queryKeys.performers.list,
    queryFn: ({ signal }) => api.get<PerformerView[]>('/api/admin/performers', { signal }),
  });
}

export function usePendingPerformers() {
  return useQuery({
    queryKey: queryKeys.performersPending.list,
    queryFn: ({ signal }) => api.get<PerformerView[]>('/api/admin/performers/pending', { signal }),
  });
}

/** Documents with short-lived links: read when the admin asks, never cached for long. */
export function usePerformerDocuments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.performers.documents(id),
    queryFn: ({ signal }) => api.get<DocumentView[]>(`/api/performers/${encodeURIComponent(id)}/documents`, { signal }),
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
    mutationFn: (body: AdminPerformerInput) => api.post<PerformerView>('/api/performers', body),
    onSuccess: invalidate,
  });
}

export function useUpdatePerformerAsAdmin() {
  const invalidate = useInvalidatePerformers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PerformerPatchInput }) => api.patch<PerformerView>(`/api/performers/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeletePerformer() {
  const invalidate = useInvalidatePerformers();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/performers/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export function useVerifyPerformer() {
  const invalidate = useInvalidatePerformers();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; status: 'approved' | 'rejected'; adminId: string; rejectionReason?: string }) =>
      api.post<PerformerView>(`/api/admin/performers/${encodeURIComponent(id)}/verify`, body),
    onSuccess: invalidate,
  });
}
