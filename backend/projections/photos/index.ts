import type { ModulePorts, ReadSide } from '../../kernel/module';
import { photoPurchasesProjection, photosProjection } from './projection';
import { createPhotoQueries } from './queries';
import { photosQueryRouter } from './query-routes';

export interface PhotosReadDeps {
  performers: {
    sightOf(
      performerId: string,
      caller: { kind: string; sub: string } | undefined,
      country: string | undefined,
    ): Promise<'full' | 'public' | 'none'>;
  };
}

/** Photos as read: her gallery, locked or bought, and who bought what. */
export function photosReadSide(ports: ModulePorts, deps: PhotosReadDeps) {
  const photos = createPhotoQueries(ports.readModels);
  return {
    name: 'photos',
    projections: [photosProjection, photoPurchasesProjection],
    routers: [photosQueryRouter({ sessions: ports.sessions, photos, sightOf: deps.performers.sightOf })],
  } satisfies ReadSide;
}
