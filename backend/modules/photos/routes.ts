import Router from '@koa/router';
import type { Context } from 'koa';
import {
  MAX_UPLOAD_BYTES,
  apiRoutes,
  auracoinToUnits,
  imageContentTypes,
  performerStreams,
  uploadMessages,
  type PhotoView,
} from '@aura/contracts';
import { foldStream, handleCommand } from '../../platform/eventstore/handle-command';
import type { EventStore } from '../../platform/eventstore/port';
import { FileRejectedError, type FileStorage } from '../../platform/files/storage';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../platform/http/errors';
import { assertOwnerOrAdmin, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { deterministicId, newId } from '../../platform/ids';
import { spendFromWallet } from '../../platform/ledger/spend';
import { decideAddPhoto, decideRemovePhoto, photo, photoPurchase } from './photo';

export interface PhotosDeps {
  eventStore: EventStore;
  sessions: SessionManager;
  files: FileStorage;
  now: () => Date;
  /** does the performer exist (not deleted)? */
  performerExists: (performerId: string) => Promise<boolean>;
  /** has the performer blocked this user? */
  isBlocked: (performerId: string, userId: string) => Promise<boolean>;
  /** the photo as `viewer` sees it, once the photos read model has applied `position` */
  photoViewAfter: (photoId: string, viewer: { kind: string; sub: string }, position: number | undefined) => Promise<PhotoView>;
  /** the buyer's balance (auracoin) once the users read model has applied `position` */
  balanceAfter: (userId: string, position: number) => Promise<number>;
}

const UPLOAD_TTL_MS = 15 * 60_000;
const UPLOAD_PATH = '/api/objects/upload/';

/** Reads a raw request body, refusing it as soon as it passes `limit` bytes. */
async function readRaw(ctx: Context, limit: number): Promise<Buffer> {
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, 'payload_too_large', uploadMessages.tooLarge.message);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      ctx.req.resume();
      throw new HttpError(413, 'payload_too_large', uploadMessages.tooLarge.message);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function photosRouter(deps: PhotosDeps): Router {
  const router = new Router();
  const metadataOf = (ctx: Context, caller: { sub: string; kind: string }) => ({ correlationId: ctx.state.requestId, by: caller.sub, byKind: caller.kind });

  mountRoute(router, deps.sessions, apiRoutes.addPhoto, async (ctx, { params, body }, caller) => {
    assertOwnerOrAdmin(caller, params.id);
    if (!(await deps.performerExists(params.id))) throw notFound('Performer non trovata');
    const photoId = newId();
    const result = await handleCommand(deps.eventStore, performerStreams.photo(photoId), photo, (state) =>
      decideAddPhoto({ photoId, performerId: params.id, imageUrl: body.imageUrl, title: body.title, description: body.description, priceUnits: auracoinToUnits(body.price) }, state, deps.now()),
    { metadata: metadataOf(ctx, caller) });
    return deps.photoViewAfter(photoId, caller, result.position);
  });

  mountRoute(router, deps.sessions, apiRoutes.deletePhoto, async (ctx, { params }, caller) => {
    const state = foldStream(photo, await deps.eventStore.readStream(performerStreams.photo(params.id)));
    if (state.status !== 'listed') throw notFound('Foto non trovata');
    assertOwnerOrAdmin(caller, state.performerId);
    await handleCommand(deps.eventStore, performerStreams.photo(params.id), photo, (current) => decideRemovePhoto(current, deps.now()), { metadata: metadataOf(ctx, caller) });
    return { ok: true as const };
  });

  mountRoute(router, deps.sessions, apiRoutes.purchasePhoto, async (ctx, { params }, caller) => {
    // spending is the owner's act alone: an admin session buys nothing
    if (caller.kind !== 'user') throw forbidden('Solo gli utenti possono acquistare foto');
    const header = ctx.get('idempotency-key').trim();
    if (!header) throw badRequest('Manca l\'intestazione Idempotency-Key', [{ path: 'headers.idempotency-key', message: 'Obbligatoria' }]);
    if (header.length > 200) throw badRequest('Idempotency-Key troppo lunga', [{ path: 'headers.idempotency-key', message: 'Massimo 200 caratteri' }]);
    const state = foldStream(photo, await deps.eventStore.readStream(performerStreams.photo(params.id)));
    if (state.status === 'none') throw notFound('Foto non trovata');
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
      metadata: { ...metadataOf(ctx, caller), idempotencyKey: header },
      now: deps.now,
    });
    const balance = await deps.balanceAfter(caller.sub, result.position);
    return { photo: await deps.photoViewAfter(params.id, caller, result.position), auracoinBalance: balance };
  });

  mountRoute(router, deps.sessions, apiRoutes.objectUploadTicket, async (_ctx, _input, caller) => {
    const { token } = deps.files.sign({ purpose: 'photo-upload', uploadId: newId(), owner: caller.sub }, UPLOAD_TTL_MS);
    return { uploadURL: `${UPLOAD_PATH}${token}` };
  });

  /** The direct PUT of an image to its upload URL: typed by content, at most 10,485,760 bytes, kept private until confirmed. */
  router.put(`${UPLOAD_PATH}:token`, async (ctx) => {
    const caller = await deps.sessions.fromContext(ctx);
    if (!caller) throw unauthorized();
    const ticket = deps.files.verify(ctx.params.token ?? '');
    if (!ticket || ticket.purpose !== 'photo-upload' || !ticket.uploadId) throw forbidden('Link di caricamento scaduto o non valido');
    if (ticket.owner !== caller.sub) throw forbidden();
    if (await deps.files.meta('private', ticket.uploadId)) throw new HttpError(409, 'conflict', 'Immagine già caricata');
    const bytes = await readRaw(ctx, MAX_UPLOAD_BYTES);
    try {
      await deps.files.save('private', bytes, { allowed: imageContentTypes, maxBytes: MAX_UPLOAD_BYTES, originalName: 'photo', owner: caller.sub, fileId: ticket.uploadId });
    } catch (error) {
      if (error instanceof FileRejectedError) {
        if (error.reason === 'too_large') throw new HttpError(413, 'payload_too_large', uploadMessages.tooLarge.message);
        throw new HttpError(415, 'unsupported_media_type', uploadMessages.badImage.message);
      }
      throw error;
    }
    ctx.status = 200;
    ctx.body = { ok: true };
  });

  mountRoute(router, deps.sessions, apiRoutes.confirmPhotoUpload, async (_ctx, { body }, caller) => {
    assertOwnerOrAdmin(caller, body.performerId);
    const token = body.imageURL.split(UPLOAD_PATH)[1]?.split('?')[0] ?? '';
    // the ticket may have expired since the PUT: its signature still proves which upload it is
    const ticket = deps.files.verify(decodeURIComponent(token), 0);
    if (!ticket || ticket.purpose !== 'photo-upload' || !ticket.uploadId) throw badRequest('URL di caricamento non valido', [{ path: 'body.imageURL', message: 'URL di caricamento non valido' }]);
    if (ticket.owner !== caller.sub) throw forbidden();
    const published = (await deps.files.meta('public', ticket.uploadId)) ?? (await deps.files.publish(ticket.uploadId));
    if (!published) throw badRequest("Carica un'immagine o inserisci un URL", [{ path: 'body.imageURL', message: 'Nessuna immagine caricata a questo indirizzo' }]);
    return { objectPath: `/api/files/public/${published.fileId}` };
  });

  /** Public photo files (unguessable ids); private files are never served here. */
  router.get('/api/files/public/:fileId', async (ctx) => {
    const file = await deps.files.read('public', ctx.params.fileId ?? '');
    if (!file) throw notFound('File non trovato');
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.type = file.meta.contentType;
    ctx.body = file.bytes;
  });

  return router;
}

