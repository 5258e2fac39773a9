import { useState } from 'react';
import { Alert, Heading, Stack, Text } from '@chakra-ui/react';
import { tierFor, type PackageView } from '@aura/contracts';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useStartPurchase } from '../api/purchases';
import { usePurchaseResult } from '../hooks/use-purchase-result';
import { Celebration } from './celebration';
import { PackagesGrid } from './packages-grid';

export interface BuyPackagesProps {
  /** auracoin spent so far: decides the tier discount shown (the server charges the same rule) */
  totalSpent: number;
  /** the running offer's bonus percent (0 when none) */
  offerBonusPercent: number;
  /** after a paid purchase, so the page refreshes the balance */
  onPaid?: () => void;
  /** the section's own title (off where the page already titles it, the landing's pricing) */
  titled?: boolean;
}

/** The /user packages grid: Acquista opens a checkout through the payment port, then the result celebrates. */
export function BuyPackages({ totalSpent, offerBonusPercent, onPaid, titled = true }: BuyPackagesProps) {
  const startPurchase = useStartPurchase();
  const [buyingId, setBuyingId] = useState<string | null>(null);
  const { celebration, pending } = usePurchaseResult(onPaid);
  const discount = tierFor(totalSpent).discount;

  const buy = (pkg: PackageView) => {
    setBuyingId(pkg.id);
    startPurchase.mutate(
      { packageId: pkg.id, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: (purchase) => window.location.assign(purchase.checkoutUrl),
        onError: (error) => {
          setBuyingId(null);
          notify({ type: 'error', title: 'Errore', description: errorMessage(error) });
        },
      },
    );
  };

  return (
    <Stack gap="4" {...(titled ? { as: 'section', 'aria-labelledby': 'buy-title' } : {})}>
      <Stack gap="1" textAlign={titled ? undefined : 'center'}>
        {titled ? (
          <Heading id="buy-title" as="h2" size="lg">
            Acquista auracoin
          </Heading>
        ) : null}
        <Text color="fg.muted" fontSize="sm">
          {discount > 0
            ? `Il tuo livello ti dà uno sconto del ${discount}% su tutti i pacchetti.`
            : 'Sali di livello per ottenere sconti su tutti i pacchetti.'}
        </Text>
      </Stack>
      {pending ? (
        <Alert.Root status="info" rounded="xl">
          <Alert.Indicator />
          <Alert.Title>Stiamo verificando il pagamento…</Alert.Title>
        </Alert.Root>
      ) : null}
      <PackagesGrid discountPercent={discount} offerBonusPercent={offerBonusPercent} onBuy={buy} buyingId={buyingId} />
      {celebration ? <Celebration kind={celebration} /> : null}
    </Stack>
  );
}
