import Router from '@koa/router';
import { apiRoutes, showStreams, uploadMessages } from '@aura/contracts';
import { foldStream } from '../../kernel/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import type { KeyValueStore } from '../../platform/kv/port';
import { publicFileUrl } from '../../platform/files/links';
import { saveUpload } from '../../platform/files/save-upload';
import { SHOW_THUMBNAIL_TTL_MS, showThumbnailKey } from '../../platform/files/show-thumbnails';
import type { FileStorage } from '../../platform/files/storage';
import { notFound } from '../../platform/http/errors';
import { mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { sendsThumbnail } from './policy';
import { assertShowingLive, stage } from './stage';

export interface ShowThumbnailDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  files: FileStorage;
  kv: KeyValueStore;
  /** whose show it is, as the shows read model lists it (null: not known) */
  performerOf: (showId: string) => Promise<string | null>;
}

/**
 * PUT /api/shows/{id}/thumbnail: her browser's latest frame of her live show, every 15 s. Kept out
 * of the event log (a frame says nothing the log must remember): a public file under a new id
 * each time, its id in the key-value store for a minute, the frame before it removed.
 */
export function showThumbnailRouter(deps: ShowThumbnailDeps): Router {
  const router = new Router();
  mountRoute(router, deps.sessions, apiRoutes.putShowThumbnail, async (_ctx, { params, upload }, caller) => {
    const performerId = await deps.performerOf(params.id);
    if (!performerId) throw notFound();
    sendsThumbnail(caller, performerId);
    assertShowingLive(foldStream(stage, await deps.eventStore.readStream(showStreams.stage(performerId))), params.id);
    const { bytes } = await upload.read();
    const stored = await saveUpload(deps.files, 'public', bytes, {
      allowed: ['image/jpeg'],
      maxBytes: apiRoutes.putShowThumbnail.upload.maxBytes,
      badType: uploadMessages.badThumbnail.message,
      tooLarge: uploadMessages.thumbnailTooLarge.message,
      originalName: 'anteprima.jpg',
      owner: performerId,
    });
    const key = showThumbnailKey(params.id);
    const previous = await deps.kv.get(key);
    await deps.kv.put(key, SHOW_THUMBNAIL_TTL_MS, stored.fileId);
    if (previous) await deps.files.remove('public', previous);
    return { thumbnailUrl: publicFileUrl(stored.fileId) };
  });
  return router;
}
