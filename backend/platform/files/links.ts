import type { FileStorage } from './storage';

/** `/private/<fileId>`: what an upload of a private file answers as `url`; it cannot be opened, only referred to. */
export const privateFileUrl = (fileId: string) => `/private/${fileId}`;
/** where a public file (a photo, a show's thumbnail) is served */
export const publicFileUrl = (fileId: string) => `/api/files/public/${fileId}`;

export const fileIdOfPrivateUrl = (url: string) => /^\/private\/([0-9a-f-]{36})$/.exec(url)?.[1];

/** How long an admin's link to an identity document works. */
export const DOCUMENT_LINK_TTL_MS = 5 * 60_000;

/** A short-lived link to an identity document for one admin (GET /api/documents/{documentId}/file). */
export function documentLink(files: FileStorage, documentId: string, adminId: string) {
  const link = files.sign({ documentId, adminId }, DOCUMENT_LINK_TTL_MS);
  return {
    url: `/api/documents/${documentId}/file?token=${encodeURIComponent(link.token)}`,
    expiresAt: new Date(link.expiresAt).toISOString(),
  };
}

/** The link's token is genuine, unexpired, and for this document and this admin. */
export function documentLinkValid(files: FileStorage, token: string, documentId: string, adminId: string): boolean {
  const payload = files.verify(token);
  return payload !== undefined && payload.documentId === documentId && payload.adminId === adminId;
}
