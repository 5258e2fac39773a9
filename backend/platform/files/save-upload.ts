import { uploadMessages } from '@aura/contracts';
import { HttpError } from '../http/errors';
import type { SniffedType } from './sniff';
import { FileRejectedError, type FileArea, type FileStorage } from './storage';

/** Stores a checked upload, wording a refusal as the upload it was (413 too large, 415 wrong type). */
export async function saveUpload(
  files: FileStorage,
  area: FileArea,
  bytes: Uint8Array,
  options: {
    allowed: readonly SniffedType[];
    maxBytes: number;
    badType: string;
    /** what a too large one reads (default: the 10 MB of documents and photos) */
    tooLarge?: string;
    originalName: string;
    owner: string;
    fileId?: string;
  },
) {
  try {
    return await files.save(area, bytes, {
      allowed: options.allowed,
      maxBytes: options.maxBytes,
      originalName: options.originalName,
      owner: options.owner,
      fileId: options.fileId,
    });
  } catch (error) {
    if (!(error instanceof FileRejectedError)) throw error;
    if (error.reason === 'too_large')
      throw new HttpError('payload_too_large', { detail: options.tooLarge ?? uploadMessages.tooLarge.message });
    throw new HttpError('unsupported_media_type', { detail: options.badType });
  }
}
