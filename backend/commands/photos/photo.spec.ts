import { errorMessages, type DomainEvent } from '@aura/contracts';
import { deciderSpec } from '../../test/doubles/decider-spec';
import { earningsCredited, photoSale } from '../../ledger';
import { decideAddPhoto, decideRemovePhoto, decideReviewPhoto, photo, photoPurchase } from './photo';

const now = new Date('2026-11-20T10:00:00.000Z');
const at = now.toISOString();
const photoId = '1b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const performerId = '2b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const walletId = '3b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const purchaseId = '4b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
const command = {
  photoId,
  performerId,
  imageUrl: 'https://img.example/1.jpg',
  title: 'Tramonto',
  description: null,
  priceUnits: 5000,
};
const added: DomainEvent = { type: 'PhotoAdded', data: { ...command, addedAt: at } };
const removed: DomainEvent = { type: 'PhotoRemoved', data: { photoId, performerId, removedAt: at } };

describe('photo decider', () => {
  const spec = deciderSpec(photo);
  it('adds a photo', () =>
    spec
      .given([])
      .when((s) => decideAddPhoto(command, s, now))
      .then([added]));
  it('refuses a photo without image', () =>
    spec
      .given([])
      .when((s) => decideAddPhoto({ ...command, imageUrl: ' ' }, s, now))
      .thenThrows('image_required'));
  it('removes a listed photo once', () => {
    spec
      .given([added])
      .when((s) => decideRemovePhoto(s, now))
      .then([removed]);
    spec
      .given([added, removed])
      .when((s) => decideRemovePhoto(s, now))
      .thenThrows('not_found');
  });
  it('sells a listed photo at its price, not a removed one, nor to a blocked user', () => {
    const state = [added].reduce(photo.evolve, photo.initialState());
    expect(photoPurchase(state, { walletId, purchaseId, performerBlocksBuyer: false }, now)).toEqual({
      type: 'PhotoPurchased',
      data: { purchaseId, walletId, photoId, performerId, priceUnits: 5000, purchasedAt: at },
    });
    const gone = [added, removed].reduce(photo.evolve, photo.initialState());
    expect(() => photoPurchase(gone, { walletId, purchaseId, performerBlocksBuyer: false }, now)).toThrow(
      errorMessages.not_found,
    );
    expect(() => photoPurchase(state, { walletId, purchaseId, performerBlocksBuyer: true }, now)).toThrow(
      errorMessages.blocked,
    );
  });
  it('credits the performer 55% in cents, rounded down', () => {
    const purchase = { purchaseId, walletId, photoId, performerId, priceUnits: 150, purchasedAt: at };
    expect(earningsCredited(photoSale(purchase), now)).toEqual({
      type: 'PerformerEarningsCredited',
      data: { performerId, source: 'photo', sourceId: purchaseId, grossUnits: 150, shareCents: 82, creditedAt: at },
    });
  });

  describe('reviewed before shown', () => {
    const adminId = '5b7c4d1e-8f7a-4e63-9a51-5a4c1b2d3e4f';
    const inReview: DomainEvent = { type: 'PhotoAdded', data: { ...command, addedAt: at, inReview: true } };
    const approved: DomainEvent = {
      type: 'PhotoReviewed',
      data: { photoId, performerId, decision: 'approve', adminId, statementId: null, reviewedAt: at },
    };
    const buyer = { walletId, purchaseId, performerBlocksBuyer: false };

    it('an admin approves a photo in review once', () => {
      spec
        .given([inReview])
        .when((s) => decideReviewPhoto({ decision: 'approve', adminId, statementId: null }, s, now))
        .then([approved]);
      spec
        .given([inReview, approved])
        .when((s) => decideReviewPhoto({ decision: 'reject', adminId, statementId: null }, s, now))
        .thenThrows('not_found');
    });

    it('a photo in review or rejected is not for sale; approved, it is', () => {
      expect(() => photoPurchase(photo.evolve(photo.initialState(), inReview), buyer, now)).toThrow(
        errorMessages.not_found,
      );
      const rejected: DomainEvent = { type: 'PhotoReviewed', data: { ...approved.data, decision: 'reject' } as never };
      const rejectedState = [inReview, rejected].reduce(photo.evolve, photo.initialState());
      expect(() => photoPurchase(rejectedState, buyer, now)).toThrow(errorMessages.not_found);
      const approvedState = [inReview, approved].reduce(photo.evolve, photo.initialState());
      expect(photoPurchase(approvedState, buyer, now).type).toBe('PhotoPurchased');
    });

    it('a photo added before reviews existed (no flag) counts as approved', () => {
      expect(photo.evolve(photo.initialState(), added)).toMatchObject({ review: 'approved' });
    });
  });
});
