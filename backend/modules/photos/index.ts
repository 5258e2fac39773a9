import { notFound } from '../../platform/http/errors';
import type { AuraModule, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import { seedDemoPhotos } from './demo';
import { PHOTOS, PHOTO_PURCHASES, photoPurchasesProjection, photosProjection } from './projection';
import { createPhotoQueries } from './queries';
import { photosQueryRouter } from './query-routes';
import { photoEarningsReaction } from './reactions';
import { photosRouter } from './routes';

export interface PhotosDeps {
  performers: {
    exists(performerId: string): Promise<boolean>;
    isBlocked(performerId: string, userId: string): Promise<boolean>;
    sightOf(performerId: string, caller: { kind: string; sub: string } | undefined, country: string | undefined): Promise<'full' | 'public' | 'none'>;
    demoPortraits(): { performerId: string; username: string; image: string }[];
  };
  users: { balanceAfter(userId: string, position: number | undefined): Promise<number> };
}

/** Photos performers sell: locked until bought, the image only for owner, admins and buyers; 55% to her. */
export function photosModule(ports: ModulePorts, deps: PhotosDeps) {
  const photos = createPhotoQueries(ports.readModels);
  const settled = settledOn(ports.readModels, PHOTOS, PHOTO_PURCHASES);
  return {
    name: 'photos',
    projections: [photosProjection, photoPurchasesProjection, photoEarningsReaction(ports.eventStore)],
    routers: [
      photosRouter({
        eventStore: ports.eventStore,
        sessions: ports.sessions,
        now: ports.now,
        performerExists: deps.performers.exists,
        isBlocked: deps.performers.isBlocked,
        balanceAfter: deps.users.balanceAfter,
        photoViewAfter: async (photoId, viewer, position) => {
          await settled(position);
          const view = await photos.view(photoId, viewer);
          if (!view) throw notFound('Foto non trovata');
          return view;
        },
      }),
      photosQueryRouter({ sessions: ports.sessions, photos, sightOf: deps.performers.sightOf }),
    ],
    seedDemo: () => seedDemoPhotos(ports.eventStore, ports.now, deps.performers.demoPortraits()),
  } satisfies AuraModule;
}
