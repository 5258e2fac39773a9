import { priceSeenMatches, unitsToAuracoin } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';

/**
 * The price billed is the price the user saw (docs/product.md#price-seen): when the UI's
 * `expectedPrice` (auracoin) is not the current price, the command is refused before anything is
 * held, charged or stored, with 409 `price_changed` and `currentPrice` for the UI to ask again.
 */
export function assertPriceSeen(expectedPrice: number | undefined, currentUnits: number): void {
  if (priceSeenMatches(expectedPrice, currentUnits)) return;
  const currentPrice = unitsToAuracoin(currentUnits);
  throw new DomainError('price_changed', { currentPrice });
}
