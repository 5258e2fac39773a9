import { z } from 'zod';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/** 10 MB: identity documents (POST /api/upload) and photos (PUT to the upload URL). */
export const MAX_UPLOAD_BYTES = 10_485_760;
export const documentContentTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const imageContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const uploadMessages = {
  tooLarge: { title: 'File troppo grande', message: 'Il file non può superare 10MB' },
  badType: { title: 'Formato non valido', message: 'Sono accettati solo file immagine (JPG, PNG) o PDF' },
  badImage: { title: 'Formato non valido', message: 'Sono accettate solo immagini (JPG, PNG, WebP)' },
  thumbnailTooLarge: { title: 'Anteprima troppo grande', message: "L'anteprima dello show non può superare 200 kB" },
  badThumbnail: { title: 'Formato non valido', message: "L'anteprima dello show dev'essere un'immagine JPEG" },
} as const;

/** A live show's thumbnail (PUT /api/shows/{id}/thumbnail): one JPEG frame of her stream, at most 200 kB. */
export const SHOW_THUMBNAIL_MAX_BYTES = 200_000;

/**
 * POST /api/upload (multipart/form-data: `file`, optional `fileName`, `directory`): an identity
 * document, typed by its content (JPEG, PNG or PDF), at most 10 MB, stored privately. `url` is a
 * private reference to pass to the documents route; it cannot be opened.
 */
export const UploadResult = z.object({
  url: z.string(),
  fileId: z.string().uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  contentType: z.string(),
});
export type UploadResult = z.infer<typeof UploadResult>;

export const ObjectUploadTicket = z.object({
  /** PUT the raw image bytes here within 15 minutes (same origin, session cookie) */
  uploadURL: z.string(),
});

export const PhotoUploadBody = z.object({
  /** the uploadURL the image was PUT to */
  imageURL: z.string().min(1).max(1000),
  performerId: z.string().uuid(),
});
export const PhotoUploadResult = z.object({
  /** public path of the stored image, to use as a photo's imageUrl */
  objectPath: z.string(),
});

const ok = z.object({ ok: z.literal(true) });

export const filesRoutes = {
  uploadDocument: {
    ...apiPaths.uploadDocument,
    summary: 'Upload an identity document (multipart `file`, optional `fileName`; JPG, PNG, PDF ≤ 10 MB; private)',
    tag: 'files',
    refusals: moduleRefusals.files,
    upload: { kind: 'multipart', maxBytes: MAX_UPLOAD_BYTES },
    response: UploadResult,
    status: 201,
  },
  uploadPhotoFile: {
    ...apiPaths.uploadPhotoFile,
    summary:
      'PUT the raw bytes of one image to the URL a ticket gave (JPG, PNG, WebP ≤ 10 MB; private until confirmed)',
    tag: 'files',
    refusals: moduleRefusals.files,
    params: z.object({ token: z.string() }),
    upload: { kind: 'binary', maxBytes: MAX_UPLOAD_BYTES },
    response: ok,
    secondFactor: 'fresh',
  },
  publicFile: {
    ...apiPaths.publicFile,
    summary: 'A public photo file',
    tag: 'files',
    refusals: ['link_expired'],
    params: z.object({ fileId: z.string() }),
    answers: 'file',
    response: z.unknown(),
  },
  documentFile: {
    ...apiPaths.documentFile,
    summary: "An identity document's bytes, through the short-lived link of its admin (every open is recorded)",
    tag: 'verification',
    refusals: ['link_expired'],
    params: z.object({ documentId: z.string() }),
    query: z.object({ token: z.string().optional() }),
    answers: 'file',
    response: z.unknown(),
  },
  objectUploadTicket: {
    ...apiPaths.objectUploadTicket,
    summary: 'Get a short-lived URL to PUT one image to',
    tag: 'files',
    refusals: moduleRefusals.files,
    response: ObjectUploadTicket,
    secondFactor: 'fresh',
  },
  confirmPhotoUpload: {
    ...apiPaths.confirmPhotoUpload,
    summary: 'Make an uploaded image a public photo file of a performer',
    tag: 'files',
    refusals: moduleRefusals.files,
    body: PhotoUploadBody,
    response: PhotoUploadResult,
    secondFactor: 'fresh',
  },
} as const satisfies Record<string, RouteContract>;
