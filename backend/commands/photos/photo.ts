import type { DomainEvent, EventDataOf } from '@aura/contracts';
import { DomainError } from '../../platform/domain-error';
import { commandHandler, type Aggregate } from '../../kernel/handle-command';

export type Photo =
  { status: 'none' } | { status: 'listed' | 'removed'; photoId: string; performerId: string; priceUnits: number };

export const photo: Aggregate<Photo> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'PhotoAdded') {
      return {
        status: 'listed',
        photoId: event.data.photoId,
        performerId: event.data.performerId,
        priceUnits: event.data.priceUnits,
      };
    }
    if (event.type === 'PhotoRemoved' && state.status !== 'none') return { ...state, status: 'removed' };
    return state;
  },
};

/** Every command of a photo goes through this handler. */
export const handlePhoto = commandHandler(photo);

export type AddPhoto = Omit<EventDataOf<'PhotoAdded'>, 'addedAt'>;

export function decideAddPhoto(command: AddPhoto, state: Photo, now: Date): DomainEvent[] {
  if (state.status !== 'none') throw new DomainError('conflict', 'Foto già esistente');
  if (!command.imageUrl.trim()) throw new DomainError('validation_failed', "Carica un'immagine o inserisci un URL");
  return [{ type: 'PhotoAdded', data: { ...command, addedAt: now.toISOString() } }];
}

export function decideRemovePhoto(state: Photo, now: Date): DomainEvent[] {
  if (state.status !== 'listed') throw new DomainError('not_found', 'Foto non trovata');
  return [
    {
      type: 'PhotoRemoved',
      data: { photoId: state.photoId, performerId: state.performerId, removedAt: now.toISOString() },
    },
  ];
}

/** What a buyer's wallet records for a photo bought now (the debit follows it, by spendFromWallet). */
export function photoPurchase(
  state: Photo,
  buyer: { walletId: string; purchaseId: string; performerBlocksBuyer: boolean },
  now: Date,
): DomainEvent {
  if (state.status !== 'listed') throw new DomainError('not_found', 'Foto non trovata');
  if (buyer.performerBlocksBuyer) throw new DomainError('forbidden', 'La performer ti ha bloccato');
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
