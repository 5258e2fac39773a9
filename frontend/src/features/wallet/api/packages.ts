import { useQuery } from '@tanstack/react-query';
import type { PackageTerms, PackageView } from '@aura/contracts';
import { packagesQueryOptions } from '../../../lib/shared-queries';

export function usePackages() {
  return useQuery(packagesQueryOptions());
}

/** A package in the shared rules' terms (price in cents). */
export function termsOf(pkg: PackageView): PackageTerms {
  return { credits: pkg.credits, bonus: pkg.bonus, priceCents: Math.round(pkg.price * 100) };
}
