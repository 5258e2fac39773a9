import { Button, HStack, Text } from '@chakra-ui/react';
import { priceChangedMessage } from '@aura/contracts';
import { formatAuracoin } from '../../lib/format';

export interface PriceChangedProps {
  /** her price now, auracoin */
  currentPrice: number;
  /** what the price is for, after the amount: 'auracoin/min', 'auracoin' */
  unit?: string;
  onConfirm: () => void;
  onCancel?: () => void;
  busy?: boolean;
  /** light text on a dark overlay (the session page) */
  inverted?: boolean;
}

/**
 * Her price changed between his look and his click (docs/product.md#price-seen): 'Il prezzo è
 * cambiato: ora N auracoin', and a button to go on at that price.
 */
export function PriceChanged({
  currentPrice,
  unit = 'auracoin',
  onConfirm,
  onCancel,
  busy = false,
  inverted = false,
}: PriceChangedProps) {
  return (
    <HStack gap="2" flexWrap="wrap" role="alert" data-testid="price-changed" justify={inverted ? 'center' : undefined}>
      <Text fontSize="sm" fontWeight="semibold">
        {priceChangedMessage(currentPrice)}
      </Text>
      <Button size="xs" colorPalette="brand" onClick={onConfirm} loading={busy} data-testid="confirm-new-price">
        Conferma a {formatAuracoin(currentPrice)} {unit}
      </Button>
      {onCancel ? (
        <Button size="xs" variant="outline" color={inverted ? 'white' : undefined} onClick={onCancel}>
          Annulla
        </Button>
      ) : null}
    </HStack>
  );
}
