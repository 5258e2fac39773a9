import { notFound } from '../../platform/http/errors';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { photoRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { PHOTOS, PHOTO_PURCHASES } from '../../projections/photos/projection';
import { createPhotoQueries } from '../../projections/photos/queries';
import { seedDemoPhotos } from './demo';
import { photosRouter } from './routes';

export interface PhotosDeps {
  performers: {
    exists(performerId: string): Promise<boolean>;
    isBlocked(performerId: string, userId: string): Promise<boolean>;
    demoPortraits(): { performerId: string; username: string; image: string }[];
  };
  users: { balanceAfter(userId: string, position: number | undefined): Promise<number> };
}

/** Photos performers sell: locked until bought, the image only for owner, admins and buyers. */
export function photosCommands(ports: ModulePorts, deps: PhotosDeps) {
  const photos = createPhotoQueries(ports.readModels);
  const settled = settledOn(ports.readModels, PHOTOS, PHOTO_PURCHASES);
  return {
    name: 'photos',
    rateLimits: photoRateLimits,
    routers: [
      photosRouter({
        eventStore: ports.eventStore,
        sessions: ports.sessions,
        limits: rateLimiterOf(ports, photoRateLimits),
        now: ports.clock.now,
        remoteImages: ports.remoteImages,
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
    ],
    seedDemo: () => seedDemoPhotos(ports.eventStore, ports.clock.now, deps.performers.demoPortraits()),
  } satisfies CommandSide;
}
