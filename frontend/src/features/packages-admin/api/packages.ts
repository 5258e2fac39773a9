import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageBodyInput, PackageView } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { packagesQueryOptions } from '../../../lib/shared-queries';

/** The same list as the pricing section's, so a change here refreshes both. */
export function usePackagesAdmin() {
  return useQuery(packagesQueryOptions());
}

function usePackageMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.packages.list }) });
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
