import { notFound } from '../../platform/http/errors';
import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { PHOTO_PURCHASES, PHOTOS, photoPurchasesProjection, photosProjection } from './projection';
import { createPhotoQueries, type HiddenPhotos, type PhotoViewer } from './queries';
import { photosQueryRouter } from './query-routes';

export interface PhotosReadDeps {
  performers: {
    sightOf(
      performerId: string,
      caller: { kind: string; sub: string } | undefined,
      country: string | undefined,
    ): Promise<'full' | 'public' | 'none'>;
  };
  /** the photos hidden by a report or a moderation decision (the moderation module's) */
  hiddenPhotos?: HiddenPhotos;
}

/** Photos as read: her gallery, locked or bought, and who bought what. */
export function photosReadSide(ports: ModulePorts, deps: PhotosReadDeps) {
  const photos = createPhotoQueries(ports.readModels, deps.hiddenPhotos);
  const settled = settledOn(ports.readModels, PHOTOS, PHOTO_PURCHASES);
  return {
    name: 'photos',
    projections: [photosProjection, photoPurchasesProjection],
    routers: [photosQueryRouter({ sessions: ports.sessions, photos, sightOf: deps.performers.sightOf })],
    queries: {
      /** the photo as `viewer` sees it, once the photos read models have applied `position` (read-your-writes) */
      async viewAfter(photoId: string, viewer: PhotoViewer, position: number | undefined) {
        await settled(position);
        const view = await photos.view(photoId, viewer);
        if (!view) throw notFound();
        return view;
      },
      ownerOf: photos.ownerOf,
      inReview: photos.inReview,
    },
  } satisfies ReadSide & Record<string, unknown>;
}
