import type { PerformerRegistrationInput, PerformerView, UploadResult } from '@aura/contracts';
import { call } from '../../../lib/api';

/**
 * uploadDocument (multipart: file, fileName 'performer-docs/{timestamp}-{name}', directory
 * 'private'): the document goes to private storage; the answer's `url` is only a reference.
 */
export function uploadDocument(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  form.append('fileName', `performer-docs/${Date.now()}-${file.name}`);
  form.append('directory', 'private');
  return call('uploadDocument', { body: form });
}

/** createPerformer without an admin session: the registration, pending, with its documents recorded in the same append. */
export function registerPerformer(body: PerformerRegistrationInput): Promise<PerformerView> {
  return call('createPerformer', { body });
}
