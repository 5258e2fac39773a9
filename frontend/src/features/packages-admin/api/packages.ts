import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageBodyInput } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { packagesQueryOptions } from '../../../lib/shared-queries';

/** The same list as the pricing section's, so a change here refreshes both. */
export function usePackagesAdmin() {
  return useQuery(packagesQueryOptions());
}

function usePackageMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.packages.list }),
  });
}

/** createPackage {credits, bonus, price, popular} */
export function useCreatePackage() {
  return usePackageMutation((body: PackageBodyInput) => call('createPackage', { body }));
}

/** updatePackage (same fields) */
export function useUpdatePackage() {
  return usePackageMutation(({ id, body }: { id: string; body: PackageBodyInput }) =>
    call('updatePackage', { params: { id }, body }),
  );
}

/** deletePackage */
export function useDeletePackage() {
  return usePackageMutation((id: string) => call('deletePackage', { params: { id } }));
}
