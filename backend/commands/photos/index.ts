import { rateLimiterOf } from '../../platform/http/rate-limit';
import { photoRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { seedDemoPhotos } from './demo';
import { photosRouter, type PhotosDeps as RouterDeps } from './routes';

export interface PhotosDeps {
  performers: {
    exists(performerId: string): Promise<boolean>;
    isBlocked(performerId: string, userId: string): Promise<boolean>;
    demoPortraits(): { performerId: string; username: string; image: string }[];
  };
  users: { balanceAfter(userId: string, position: number | undefined): Promise<number> };
  /** the photos read side: a photo as a viewer sees it, once written */
  photos: { viewAfter: RouterDeps['photoViewAfter'] };
}

/** Photos performers sell: locked until bought, the image only for owner, admins and buyers. */
export function photosCommands(ports: ModulePorts, deps: PhotosDeps) {
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
        photoViewAfter: deps.photos.viewAfter,
      }),
    ],
    seedDemo: () => seedDemoPhotos(ports.eventStore, ports.clock.now, deps.performers.demoPortraits()),
  } satisfies CommandSide;
}
