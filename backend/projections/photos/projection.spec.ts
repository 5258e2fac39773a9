import type { DomainEvent } from '@aura/contracts';
import { evolvePhoto, evolvePurchase, type PhotoDoc } from './projection';
import { toPhotoView } from './queries';

const at = '2026-11-20T10:00:00.000Z';
const photoId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const walletId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const added: DomainEvent = {
  type: 'PhotoAdded',
  data: {
    photoId,
    performerId,
    imageUrl: '/api/files/public/x',
    title: 'T',
    description: null,
    priceUnits: 5000,
    addedAt: at,
  },
};
const bought: DomainEvent = {
  type: 'PhotoPurchased',
  data: { purchaseId: photoId, walletId, photoId, performerId, priceUnits: 5000, purchasedAt: at },
};
const removed: DomainEvent = { type: 'PhotoRemoved', data: { photoId, performerId, removedAt: at } };

describe('photos read model', () => {
  it('records a photo, its sales and its removal', () => {
    const doc = [added, bought, removed].reduce<PhotoDoc | null>(evolvePhoto, null);
    expect(doc).toEqual({
      _id: photoId,
      performerId,
      imageUrl: '/api/files/public/x',
      title: 'T',
      description: null,
      priceUnits: 5000,
      createdAt: at,
      removed: true,
      review: 'approved',
      salesCount: 1,
    });
  });
  it('records one purchase per buyer and photo', () => {
    expect(evolvePurchase(null, bought)).toEqual({
      _id: `${walletId}:${photoId}`,
      walletId,
      photoId,
      performerId,
      priceUnits: 5000,
      purchasedAt: at,
    });
  });
  it('withholds the image from anyone but owner, admins and buyers', () => {
    const doc = evolvePhoto(null, added)!;
    expect(toPhotoView(doc, undefined, false)).toMatchObject({ imageUrl: null, locked: true, price: 50 });
    expect(toPhotoView(doc, { kind: 'user', sub: walletId }, true)).toMatchObject({
      imageUrl: '/api/files/public/x',
      locked: false,
      purchased: true,
    });
    expect(toPhotoView(doc, { kind: 'performer', sub: performerId }, false)).toMatchObject({
      locked: false,
      salesCount: 0,
    });
    expect(toPhotoView(doc, { kind: 'performer', sub: walletId }, false)).toMatchObject({ locked: true });
  });
});
