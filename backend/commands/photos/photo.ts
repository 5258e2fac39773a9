import type { DomainEvent, EventDataOf } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

/** A photo's review (issue 39 item 5): buyers and visitors see only approved ones. */
export type PhotoReview = 'pending' | 'approved' | 'rejected';

export type Photo =
  | { status: 'none' }
  | { status: 'listed' | 'removed'; photoId: string; performerId: string; priceUnits: number; review: PhotoReview };

export const photo: Aggregate<Photo> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'PhotoAdded') {
      return {
        status: 'listed',
        photoId: event.data.photoId,
        performerId: event.data.performerId,
        priceUnits: event.data.priceUnits,
        review: event.data.inReview ? 'pending' : 'approved',
      };
    }
    if (event.type === 'PhotoRemoved' && state.status !== 'none') return { ...state, status: 'removed' };
    if (event.type === 'PhotoReviewed' && state.status !== 'none')
      return { ...state, review: event.data.decision === 'approve' ? 'approved' : 'rejected' };
    return state;
  },
};

/** Every command of a photo goes through this handler. */
export const handlePhoto = commandHandler(photo);

export type AddPhoto = Omit<EventDataOf<'PhotoAdded'>, 'addedAt'>;

export function decideAddPhoto(command: AddPhoto, state: Photo, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict');
  if (!command.imageUrl.trim()) throw new DomainError('image_required');
  return [{ type: 'PhotoAdded', data: { ...command, addedAt: now.toISOString() } }];
}

export function decideRemovePhoto(state: Photo, now: Date): DomainEvent[] {
  if (state.status !== 'listed') throw new DomainError('not_found');
  return [
    {
      type: 'PhotoRemoved',
      data: { photoId: state.photoId, performerId: state.performerId, removedAt: now.toISOString() },
    },
  ];
}

/** An admin approves or rejects a photo in review, once. */
export function decideReviewPhoto(
  command: { decision: 'approve' | 'reject'; adminId: string; statementId: string | null },
  state: Photo,
  now: Date,
): DomainEvent[] {
  if (state.status !== 'listed' || state.review !== 'pending') throw new DomainError('not_found');
  return [
    {
      type: 'PhotoReviewed',
      data: {
        photoId: state.photoId,
        performerId: state.performerId,
        ...command,
        reviewedAt: now.toISOString(),
      },
    },
  ];
}

/** What a buyer's wallet records for a photo bought now (the debit follows it, by spendFromWallet). */
export function photoPurchase(
  state: Photo,
  buyer: { walletId: string; purchaseId: string; performerBlocksBuyer: boolean },
  now: Date,
): DomainEvent {
  if (state.status !== 'listed' || state.review !== 'approved') throw new DomainError('not_found');
  if (buyer.performerBlocksBuyer) throw new DomainError('blocked');
  return {
    type: 'PhotoPurchased',
    data: {
      purchaseId: buyer.purchaseId,
      walletId: buyer.walletId,
      photoId: state.photoId,
      performerId: state.performerId,
      priceUnits: state.priceUnits,
      purchasedAt: now.toISOString(),
    },
  };
}
