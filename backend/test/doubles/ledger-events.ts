/**
 * Ledger histories for specs: the events the product appends for one act, with the ids a spec chooses.
 */
import type { DomainEvent } from '@aura/contracts';

/** A photo bought with purchased units only: the sale, then the debit of the buyer's wallet (both on his wallet). */
export function photoBoughtWithPurchasedUnits(sale: {
  saleId: string;
  walletId: string;
  photoId: string;
  performerId: string;
  units: number;
  at: string;
}): DomainEvent[] {
  const { saleId, walletId, photoId, performerId, units, at } = sale;
  return [
    {
      type: 'PhotoPurchased',
      data: {
        purchaseId: saleId,
        walletId,
        photoId,
        performerId,
        priceUnits: units,
        purchasedUnits: units,
        promotionalUnits: 0,
        purchasedAt: at,
      },
    },
    {
      type: 'AuracoinDebited',
      data: {
        walletId,
        amount: units,
        reason: 'photo',
        reference: photoId,
        purchasedAmount: units,
        promotionalAmount: 0,
        debitedAt: at,
      },
    },
  ];
}
