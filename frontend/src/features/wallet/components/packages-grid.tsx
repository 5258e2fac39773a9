import { Grid, Skeleton, Text } from '@chakra-ui/react';
import type { PackageView } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { usePackages } from '../api/packages';
import { PackageCard } from './package-card';

export interface PackagesGridProps {
  discountPercent?: number;
  offerBonusPercent?: number;
  onBuy?: (pkg: PackageView) => void;
  buyingId?: string | null;
}

/** The packages on sale as cards (home pricing and /user). */
export function PackagesGrid({
  discountPercent = 0,
  offerBonusPercent = 0,
  onBuy,
  buyingId = null,
}: PackagesGridProps) {
  const packages = usePackages();
  if (packages.isPending) {
    return (
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="6" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="64" rounded="2xl" />
        ))}
      </Grid>
    );
  }
  if (packages.error) return <Text color="red.fg">{errorMessage(packages.error)}</Text>;
  const sorted = [...packages.data].sort((a, b) => a.price - b.price);
  if (sorted.length === 0) return <Text color="fg.muted">Nessun pacchetto disponibile al momento.</Text>;
  return (
    <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }} gap="6" pt="3">
      {sorted.map((pkg) => (
        <PackageCard
          key={pkg.id}
          pkg={pkg}
          discountPercent={discountPercent}
          offerBonusPercent={offerBonusPercent}
          onBuy={onBuy}
          buying={buyingId === pkg.id}
          disabled={buyingId !== null && buyingId !== pkg.id}
        />
      ))}
    </Grid>
  );
}
