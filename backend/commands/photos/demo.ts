import { auracoinToUnits, performerStreams } from '@aura/contracts';
import type { EventStore } from '../../platform/eventstore/port';
import { deterministicId } from '../../platform/ids';
import { decideAddPhoto, handlePhoto } from './photo';

/** Two photos for sale per demo performer (her portrait), fixed ids so a resumed seed adds nothing twice. */
export async function seedDemoPhotos(
  eventStore: EventStore,
  now: () => Date,
  portraits: { performerId: string; username: string; image: string }[],
) {
  for (const { performerId, username, image } of portraits) {
    for (const [photoIndex, price] of [5, 12.5].entries()) {
      const photoId = deterministicId(`demo-photo:${username}:${photoIndex}`);
      await handlePhoto(
        eventStore,
        performerStreams.photo(photoId),
        (state) =>
          state.status === 'none'
            ? decideAddPhoto(
                {
                  photoId,
                  performerId,
                  imageUrl: image,
                  title: photoIndex === 0 ? 'Ritratto' : 'Backstage',
                  description: null,
                  priceUnits: auracoinToUnits(price),
                },
                state,
                now(),
              )
            : [],
        { metadata: { source: 'seed' } },
      );
    }
  }
}
