import { rateLimiterOf } from '../../platform/http/rate-limit';
import { photoRateLimits } from './rate-limits';
import { performerStreams } from '@aura/contracts';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { foldStream } from '../../kernel/handle-command';
import { decideRemovePhoto, decideReviewPhoto, handlePhoto, photo } from './photo';
import { seedDemoPhotos } from './demo';
import type { IssueStatementFn } from '../../platform/statement-of-reasons';
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
  /** hidden by a report or a moderation decision (the moderation module's): not for sale */
  photoHidden?: (photoId: string) => Promise<boolean>;
  /** an admin's removal states its reasons (the moderation module's one path) */
  issueStatement: IssueStatementFn;
  /** who else is in her photo (the performers module's co-performers) */
  onCamera?: RouterDeps['onCamera'];
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
        photoHidden: deps.photoHidden ?? (async () => false),
        issueStatement: deps.issueStatement,
        onCamera: deps.onCamera,
      }),
    ],
    seedDemo: () => seedDemoPhotos(ports.eventStore, ports.clock.now, deps.performers.demoPortraits()),
    /** what the moderation module does to a photo (entry hands it over): its commands, on the photo's stream */
    moderation: {
      async removePhoto(photoId: string, metadata: Record<string, unknown>) {
        await handlePhoto(
          ports.eventStore,
          performerStreams.photo(photoId),
          (state) => (state.status === 'listed' ? decideRemovePhoto(state, ports.clock.now()) : []),
          { metadata },
        );
      },
      async inReview(photoId: string) {
        const state = foldStream(photo, await ports.eventStore.readStream(performerStreams.photo(photoId)));
        return state.status === 'listed' && state.review === 'pending' ? { performerId: state.performerId } : null;
      },
      async reviewPhoto(
        photoId: string,
        review: { decision: 'approve' | 'reject'; adminId: string; statementId: string | null },
        metadata: Record<string, unknown>,
      ) {
        await handlePhoto(
          ports.eventStore,
          performerStreams.photo(photoId),
          (state) => decideReviewPhoto(review, state, ports.clock.now()),
          { metadata },
        );
      },
    },
  } satisfies CommandSide & Record<string, unknown>;
}
