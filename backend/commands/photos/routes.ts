import Router from '@koa/router';
import { apiRoutes, auracoinToUnits, performerStreams, type PhotoView } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { forbidden, notFound } from '../../platform/http/errors';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { photoRateLimits } from './rate-limits';
import { assertSameRequest, keyedRequestOf } from '../../platform/http/idempotency';
import { assertOwnerOrAdmin, commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { deterministicId, newId } from '../../platform/ids';
import { assertPriceSeen, spendFromWallet } from '../../ledger';
import { imageField, type RemoteImages } from '../../platform/files/remote-image';
import { actStatement, type IssueStatementFn } from '../../platform/statement-of-reasons';
import { decideAddPhoto, decideRemovePhoto, handlePhoto, photo, photoPurchase } from './photo';

export interface PhotosDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  limits: RateLimiter<keyof typeof photoRateLimits | DoorLimit>;
  now: () => Date;
  /** pictures given as URLs, fetched once into storage */
  remoteImages: RemoteImages;
  /** does the performer exist (not deleted)? */
  performerExists: (performerId: string) => Promise<boolean>;
  /** has the performer blocked this user? */
  isBlocked: (performerId: string, userId: string) => Promise<boolean>;
  /** the photo as `viewer` sees it, once the photos read model has applied `position` */
  photoViewAfter: (
    photoId: string,
    viewer: { kind: string; sub: string },
    position: number | undefined,
  ) => Promise<PhotoView>;
  /** hidden by a report or a moderation decision: not for sale */
  photoHidden: (photoId: string) => Promise<boolean>;
  /** an admin's removal states its reasons (the moderation module's one path) */
  issueStatement: IssueStatementFn;
  /** the buyer's balance (auracoin) once the users read model has applied `position` */
  balanceAfter: (userId: string, position: number) => Promise<number>;
  /** who else is in her photo: approved co-performers of hers only (`check` names them), then the record (issue 39 item 7) */
  onCamera?: {
    check(performerId: string, coPerformerIds: readonly string[]): Promise<{ coPerformerId: string; name: string }[]>;
    record(
      performerId: string,
      where: { photoId: string },
      coPerformerIds: readonly string[],
      metadata: Record<string, unknown>,
    ): Promise<void>;
  };
}

export function photosRouter(deps: PhotosDeps): Router {
  const router = new Router();

  mountRoute(router, deps.sessions, apiRoutes.addPhoto, async (ctx, { params, body }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    if (!(await deps.performerExists(params.id))) throw notFound();
    const coPerformers = (await deps.onCamera?.check(params.id, body.coPerformerIds)) ?? [];
    const photoId = newId();
    const imageUrl = await imageField(deps.remoteImages, body.imageUrl, params.id, 'body.imageUrl');
    const command = {
      photoId,
      performerId: params.id,
      imageUrl,
      title: body.title,
      description: body.description,
      priceUnits: auracoinToUnits(body.price),
      // reviewed before shown (issue 39 item 5), with who else is in it
      inReview: true,
      ...(coPerformers.length > 0 && { coPerformers }),
    };
    const metadata = commandMetadata(ctx, caller);
    const result = await handlePhoto(
      deps.eventStore,
      performerStreams.photo(photoId),
      (state) => decideAddPhoto(command, state, deps.now()),
      { metadata },
    );
    await deps.onCamera?.record(params.id, { photoId }, body.coPerformerIds, metadata);
    return deps.photoViewAfter(photoId, caller, result.position);
  });

  deletePhotoRoute(router, deps);

  mountRoute(router, deps.sessions, apiRoutes.purchasePhoto, async (ctx, { params, body }, caller) => {
    // spending is the owner's act alone: an admin session buys nothing
    if (caller.kind !== 'user') throw forbidden();
    await deps.limits.enforce(ctx, ['photoPurchase', caller.sub]);
    const state = foldStream(photo, await deps.eventStore.readStream(performerStreams.photo(params.id)));
    if (state.status === 'none' || (await deps.photoHidden(params.id))) throw notFound();
    if (state.status === 'listed') assertPriceSeen(body.expectedPrice, state.priceUnits);
    const blocked = state.status === 'listed' ? await deps.isBlocked(state.performerId, caller.sub) : false;
    // one purchase per user and photo: the spend's key is the photo, so a second attempt (any key) replays the first
    const purchaseId = deterministicId(`photo-purchase:${caller.sub}:${params.id}`);
    const result = await spendFromWallet(deps.eventStore, {
      walletId: caller.sub,
      amountUnits: state.status === 'listed' ? state.priceUnits : 1,
      purchase: photoPurchase(state, { walletId: caller.sub, purchaseId, performerBlocksBuyer: blocked }, deps.now()),
      reason: 'photo',
      reference: params.id,
      idempotencyKey: `photo:${params.id}`,
      metadata: commandMetadata(ctx, caller),
      now: deps.now,
    });
    // the same key with another request is refused (the one rule of keyed routes); another key replays the first
    if (result.replayed) assertSameRequest(result.purchase.metadata, keyedRequestOf(ctx) ?? {});
    const balance = await deps.balanceAfter(caller.sub, result.position);
    return {
      photo: await deps.photoViewAfter(params.id, caller, result.position),
      purchaseId: (result.purchase.data as { purchaseId: string }).purchaseId,
      auracoinBalance: balance,
    };
  });

  return router;
}

/** She removes her photo, or an admin does with a statement of reasons (issue 39 item 4). */
function deletePhotoRoute(router: Router, deps: PhotosDeps) {
  mountRoute(router, deps.sessions, apiRoutes.deletePhoto, async (ctx, { params, body }, caller) => {
    const state = foldStream(photo, await deps.eventStore.readStream(performerStreams.photo(params.id)));
    if (state.status !== 'listed') throw notFound();
    assertOwnerOrAdmin(caller, state.performerId);
    const statement = actStatement(caller, body.statement);
    const metadata = commandMetadata(ctx, caller);
    await handlePhoto(
      deps.eventStore,
      performerStreams.photo(params.id),
      (current) => decideRemovePhoto(current, deps.now()),
      { metadata },
    );
    if (statement)
      await deps.issueStatement(
        {
          statementId: deterministicId(`statement:remove-photo:${params.id}`),
          reportId: null,
          subjectKind: 'performer',
          subjectId: state.performerId,
          targetKind: 'photo',
          targetId: params.id,
          action: 'remove_content',
          ground: 'termini',
          groundDetail: 'Moderazione dei contenuti pubblicati',
          statement,
          adminId: caller.sub,
        },
        metadata,
      );
    return { ok: true as const };
  });
}
