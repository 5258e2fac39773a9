import type { DomainEvent } from '@aura/contracts';
import { docProjection } from '../../kernel/projections/doc-projection';
import { dataField } from '../../platform/recorded-event';

export const PHOTOS = 'photos';
export const PHOTO_PURCHASES = 'photo_purchases';

export type PhotoDoc = {
  _id: string;
  performerId: string;
  imageUrl: string;
  title: string;
  description: string | null;
  priceUnits: number;
  createdAt: string;
  removed: boolean;
  salesCount: number;
  /** absent on documents projected before reviews existed: approved */
  review?: 'pending' | 'approved' | 'rejected';
  /** the co-performers she declared in it (issue 39 item 7) */
  coPerformers?: { coPerformerId: string; name: string }[];
};

/** One per buyer and photo: `${walletId}:${photoId}`. */
export type PhotoPurchaseDoc = {
  _id: string;
  walletId: string;
  photoId: string;
  performerId: string;
  priceUnits: number;
  purchasedAt: string;
};

export function evolvePhoto(doc: PhotoDoc | null, event: DomainEvent): PhotoDoc | null {
  switch (event.type) {
    case 'PhotoAdded':
      return {
        _id: event.data.photoId,
        performerId: event.data.performerId,
        imageUrl: event.data.imageUrl,
        title: event.data.title,
        description: event.data.description,
        priceUnits: event.data.priceUnits,
        createdAt: event.data.addedAt,
        removed: false,
        salesCount: doc?.salesCount ?? 0,
        review: doc?.review && doc.review !== 'pending' ? doc.review : event.data.inReview ? 'pending' : 'approved',
        ...(event.data.coPerformers && { coPerformers: event.data.coPerformers }),
      };
    case 'PhotoReviewed':
      return doc ? { ...doc, review: event.data.decision === 'approve' ? 'approved' : 'rejected' } : null;
    case 'PhotoRemoved':
      return doc ? { ...doc, removed: true } : null;
    case 'PhotoPurchased':
      return doc ? { ...doc, salesCount: doc.salesCount + 1 } : null;
    default:
      return doc;
  }
}

export function evolvePurchase(doc: PhotoPurchaseDoc | null, event: DomainEvent): PhotoPurchaseDoc | null {
  if (event.type !== 'PhotoPurchased') return doc;
  const d = event.data;
  return (
    doc ?? {
      _id: `${d.walletId}:${d.photoId}`,
      walletId: d.walletId,
      photoId: d.photoId,
      performerId: d.performerId,
      priceUnits: d.priceUnits,
      purchasedAt: d.purchasedAt,
    }
  );
}

export const photosProjection = docProjection<PhotoDoc>({
  name: PHOTOS,
  collection: PHOTOS,
  eventTypes: ['PhotoAdded', 'PhotoRemoved', 'PhotoReviewed', 'PhotoPurchased'],
  documentId: (event) => dataField(event, 'photoId'),
  evolve: evolvePhoto,
  indexes: [
    { keys: { performerId: 1, createdAt: -1 }, options: { name: 'by_performer' } },
    { keys: { review: 1 }, options: { name: 'by_review' } },
  ],
});

export const photoPurchasesProjection = docProjection<PhotoPurchaseDoc>({
  name: PHOTO_PURCHASES,
  collection: PHOTO_PURCHASES,
  eventTypes: ['PhotoPurchased'],
  documentId: (event) => (event.type === 'PhotoPurchased' ? `${event.data.walletId}:${event.data.photoId}` : undefined),
  evolve: evolvePurchase,
  indexes: [{ keys: { walletId: 1, performerId: 1 }, options: { name: 'by_buyer' } }],
});
