import { Badge, Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import {
  packageTotal,
  pricePerAuracoin,
  quotePackage,
  savingPercent,
  unitsToAuracoin,
  type PackageView,
} from '@aura/contracts';
import { formatAuracoin, formatEuro } from '../../../lib/format';
import { CoinIcon } from '../../../components/ui/icons';
import { termsOf } from '../api/packages';

export interface PackageCardProps {
  pkg: PackageView;
  /** the buyer's tier discount, percent (0 on the home page) */
  discountPercent?: number;
  /** a running limited offer's bonus, percent */
  offerBonusPercent?: number;
  /** Acquista handler; absent on the home page (spec: no handler there) */
  onBuy?: (pkg: PackageView) => void;
  buying?: boolean;
  disabled?: boolean;
}

/** One package: total auracoin, price, price per auracoin, saving %, popular flag (docs/product.md#buying pricing). */
export function PackageCard({
  pkg,
  discountPercent = 0,
  offerBonusPercent = 0,
  onBuy,
  buying = false,
  disabled = false,
}: PackageCardProps) {
  const terms = termsOf(pkg);
  const total = packageTotal(terms);
  const saving = savingPercent(terms);
  // the same rule the server charges with (contracts/src/rules/packages.ts)
  const quote = quotePackage(terms, discountPercent, offerBonusPercent);
  const discounted = quote.priceCents;
  const offerExtra = unitsToAuracoin(quote.offerBonusUnits);
  const headingId = `package-${pkg.id}-title`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      data-testid="package-card"
      position="relative"
      rounded="2xl"
      bg="bg.panel"
      borderWidth={pkg.popular ? '2px' : '1px'}
      borderColor={pkg.popular ? 'brand.solid' : 'border'}
    >
      {pkg.popular ? (
        <Badge
          position="absolute"
          top="-3"
          left="50%"
          transform="translateX(-50%)"
          colorPalette="brand"
          variant="solid"
          px="3"
          rounded="full"
        >
          Più popolare
        </Badge>
      ) : null}
      <Card.Body gap="3" textAlign="center" pt="7">
        <HStack justify="center" gap="2" color="gold.fg">
          <CoinIcon />
          <Text
            id={headingId}
            as="h3"
            fontSize="3xl"
            fontWeight="800"
            fontVariantNumeric="tabular-nums"
            data-testid="package-total"
          >
            {formatAuracoin(total)}
          </Text>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          auracoin
          {pkg.bonus > 0 ? ` (${formatAuracoin(pkg.credits)} + ${formatAuracoin(pkg.bonus)} bonus)` : ''}
        </Text>
        {offerExtra > 0 ? (
          <Text fontSize="sm" color="green.fg" fontWeight="semibold">
            +{formatAuracoin(offerExtra)} auracoin con l'offerta
          </Text>
        ) : null}
        <Stack gap="0">
          {discountPercent > 0 ? (
            <Text as="s" color="fg.subtle" fontSize="sm" aria-label={`Prezzo pieno ${formatEuro(pkg.price)}`}>
              {formatEuro(pkg.price)}
            </Text>
          ) : null}
          <Text fontSize="2xl" fontWeight="bold" data-testid="package-price">
            {formatEuro(discounted / 100)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {formatEuro(pricePerAuracoin({ ...terms, priceCents: discounted }))} per auracoin
          </Text>
        </Stack>
        <HStack justify="center" gap="2" flexWrap="wrap" minH="6">
          {saving !== undefined ? (
            <Badge colorPalette="green" variant="subtle">
              Risparmi {saving}%
            </Badge>
          ) : null}
          {discountPercent > 0 ? (
            <Badge colorPalette="purple" variant="subtle">
              Sconto livello -{discountPercent}%
            </Badge>
          ) : null}
        </HStack>
        <Box>
          <Button
            width="full"
            colorPalette="brand"
            variant={pkg.popular ? 'solid' : 'outline'}
            onClick={onBuy ? () => onBuy(pkg) : undefined}
            loading={buying}
            disabled={disabled}
            aria-label={`Acquista ${formatAuracoin(total)} auracoin`}
          >
            Acquista
          </Button>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
