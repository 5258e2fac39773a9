import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageBodyInput, PackageView } from '@aura/contracts';
import { api } from '../../../lib/api-client';

/** The packages read model's key: the pricing section's list shares it, so a change refreshes both. */
export const packageKeys = { all: ['packages'] as const };

/** GET /api/packages */
export function packagesAdminQueryOptions() {
  return queryOptions({
    queryKey: packageKeys.all,
    queryFn: ({ signal }) => api.get<PackageView[]>('/api/packages', { signal }),
  });
}

export function usePackagesAdmin() {
  return useQuery(packagesAdminQueryOptions());
}

function usePackageMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: packageKeys.all }) });
}

/** POST /api/packages {credits, bonus, price, popular} */
export function useCreatePackage() {
  return usePackageMutation((body: PackageBodyInput) => api.post<PackageView>('/api/packages', body));
}

/** PATCH /api/packages/{id} (same fields) */
export function useUpdatePackage() {
  return usePackageMutation(({ id, body }: { id: string; body: PackageBodyInput }) =>
    api.patch<PackageView>(`/api/packages/${encodeURIComponent(id)}`, body),
  );
}

/** DELETE /api/packages/{id} */
export function useDeletePackage() {
  return usePackageMutation((id: string) => api.delete<{ ok: true }>(`/api/packages/${encodeURIComponent(id)}`));
}
