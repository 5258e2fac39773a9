import Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  apiRoutes,
  documentContentTypes,
  fieldMessages,
  imageContentTypes,
  MAX_UPLOAD_BYTES,
  uploadMessages,
} from '@aura/contracts';
import { documentLinkValid, privateFileUrl, publicFileUrl } from '../../platform/files/links';
import { saveUpload } from '../../platform/files/save-upload';
import type { FileStorage } from '../../platform/files/storage';
import { badRequest, HttpError, notFound, refused } from '../../platform/http/errors';
import type { DoorLimit, RateLimiter } from '../../platform/http/rate-limit';
import type { fileRateLimits } from './rate-limits';
import { commandMetadata, mountRoute } from '../../platform/http/routes';
import type { SessionManager } from '../../platform/http/session';
import { newId } from '../../platform/ids';
import { holdsTicket, managesGallery } from './policy';

export interface FilesRouterDeps {
  sessions: SessionManager;
  files: FileStorage;
  limits: RateLimiter<keyof typeof fileRateLimits | DoorLimit>;
  documents: {
    byId(
      documentId: string,
    ): Promise<{ performerId: string; fileId: string; contentType: string; fileName: string } | null>;
    viewed(
      view: { documentId: string; performerId: string; adminId: string },
      metadata: Record<string, unknown>,
    ): Promise<void>;
  };
}

const UPLOAD_TTL_MS = 15 * 60_000;
const UPLOAD_PATH = '/api/objects/upload/';

export function filesRouter(deps: FilesRouterDeps): Router {
  const router = new Router();
  /** every stored file, document or photo, counts per client address */
  const uploads = deps.limits.before('upload', (ctx) => ctx.ip);
  mountDocumentUpload(router, deps, uploads);
  mountPhotoUploads(router, deps, uploads);
  mountFileReads(router, deps);
  return router;
}

/** A performer's identity document, uploaded before or after she signs up. */
function mountDocumentUpload(router: Router, deps: FilesRouterDeps, uploads: Middleware) {
  const { files, sessions } = deps;

  mountRoute(
    router,
    sessions,
    apiRoutes.uploadDocument,
    async (_ctx, { upload }, caller) => {
      const file = await upload.read();
      const originalName =
        typeof file.fields.fileName === 'string' ? file.fields.fileName : (file.fileName ?? 'documento');
      const stored = await saveUpload(files, 'private', file.bytes, {
        maxBytes: MAX_UPLOAD_BYTES,
        allowed: documentContentTypes,
        badType: uploadMessages.badType.message,
        originalName,
        owner: caller?.sub ?? 'anonymous',
      });
      return {
        url: privateFileUrl(stored.fileId),
        fileId: stored.fileId,
        fileName: stored.originalName,
        fileSize: stored.size,
        contentType: stored.contentType,
      };
    },
    uploads,
  );
}

/** A gallery photo: a signed ticket, the PUT of its bytes, and its confirmation that publishes it. */
function mountPhotoUploads(router: Router, deps: FilesRouterDeps, uploads: Middleware) {
  const { files, sessions } = deps;
  mountRoute(router, sessions, apiRoutes.objectUploadTicket, async (_ctx, _input, caller) => {
    const { token } = files.sign({ purpose: 'photo-upload', uploadId: newId(), owner: caller.sub }, UPLOAD_TTL_MS);
    return { uploadURL: `${UPLOAD_PATH}${token}` };
  });

  /** The direct PUT of an image to its upload URL: typed by content, kept private until confirmed. */
  mountRoute(
    router,
    sessions,
    apiRoutes.uploadPhotoFile,
    async (_ctx, { params, upload }, caller) => {
      const ticket = files.verify(params.token);
      if (!ticket || ticket.purpose !== 'photo-upload' || !ticket.uploadId) throw refused('link_expired');
      holdsTicket(ticket, caller);
      if (await files.meta('private', ticket.uploadId)) throw new HttpError('conflict');
      const { bytes } = await upload.read();
      await saveUpload(files, 'private', bytes, {
        maxBytes: MAX_UPLOAD_BYTES,
        allowed: imageContentTypes,
        badType: uploadMessages.badImage.message,
        originalName: 'photo',
        owner: caller.sub,
        fileId: ticket.uploadId,
      });
      return { ok: true as const };
    },
    uploads,
  );

  mountRoute(router, sessions, apiRoutes.confirmPhotoUpload, async (_ctx, { body }, caller) => {
    managesGallery(caller, body.performerId);
    const token = body.imageURL.split(UPLOAD_PATH)[1]?.split('?')[0] ?? '';
    // the ticket may have expired since the PUT: its signature still proves which upload it is
    const ticket = files.verify(decodedOrEmpty(token), 0);
    if (!ticket || ticket.purpose !== 'photo-upload' || !ticket.uploadId)
      throw badRequest([{ path: 'body.imageURL', message: fieldMessages.uploadUrlInvalid }]);
    holdsTicket(ticket, caller);
    const published = (await files.meta('public', ticket.uploadId)) ?? (await files.publish(ticket.uploadId));
    if (!published)
      throw refused('image_required', [{ path: 'body.imageURL', message: fieldMessages.noImageUploaded }]);
    return { objectPath: publicFileUrl(published.fileId) };
  });
}

/** Public photo files and, for an admin, identity documents. */
function mountFileReads(router: Router, deps: FilesRouterDeps) {
  const { files, sessions } = deps;

  /** Public photo files (unguessable ids); private files are never served here. */
  mountRoute(router, sessions, apiRoutes.publicFile, async (_ctx, { params }) => {
    const file = await files.read('public', params.fileId);
    if (!file) throw notFound();
    return {
      bytes: file.bytes,
      contentType: file.meta.contentType,
      cacheControl: 'public, max-age=31536000, immutable',
    };
  });

  /**
   * An identity document's bytes, through the short-lived link GET /api/performers/{id}/documents
   * gave an admin: the token must be valid, unexpired and for this admin's session. Every open
   * records DocumentViewed with the admin's id.
   */
  mountRoute(router, sessions, apiRoutes.documentFile, async (ctx, { params, query }, caller) => {
    if (!documentLinkValid(files, query.token ?? '', params.documentId, caller.sub)) throw refused('link_expired');
    const document = await deps.documents.byId(params.documentId);
    const file = document ? await files.read('private', document.fileId) : undefined;
    if (!document || !file) throw notFound();
    await deps.documents.viewed(
      { documentId: params.documentId, performerId: document.performerId, adminId: caller.sub },
      commandMetadata(ctx, caller),
    );
    return {
      bytes: file.bytes,
      contentType: file.meta.contentType,
      cacheControl: 'no-store',
      fileName: document.fileName,
    };
  });
}

/** A malformed escape (`%E0%A4%A`) is no ticket: an empty token, refused like any unknown one, not a 500. */
function decodedOrEmpty(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return '';
  }
}
