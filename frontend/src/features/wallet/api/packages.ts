import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PackageTerms, PackageView } from '@aura/contracts';
import { api } from '../../../lib/api-client';

export const walletPackageKeys = { all: ['packages'] as const };

/** GET /api/packages: the packages on sale (public). */
export function packagesQueryOptions() {
  return queryOptions({
    queryKey: walletPackageKeys.all,
    queryFn: ({ signal }) => api.get<PackageView[]>('/api/packages', { signal }),
  });
}

export function usePackages() {
  return useQuery(packagesQueryOptions());
}

/** A package in the shared rules' terms (price in cents). */
export function termsOf(pkg: PackageView): PackageTerms {
  return { credits: pkg.credits, bonus: pkg.bonus, priceCents: Math.round(pkg.price * 100) };
}
