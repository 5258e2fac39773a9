import type { PerformerRegistrationInput, PerformerView, UploadResult } from '@aura/contracts';
import { api, ApiError } from '../../../lib/api-client';

/**
 * POST /api/upload (multipart: file, fileName 'performer-docs/{timestamp}-{name}', directory
 * 'private'): the document goes to private storage; the answer's `url` is only a reference.
 */
export async function uploadDocument(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  form.append('fileName', `performer-docs/${Date.now()}-${file.name}`);
  form.append('directory', 'private');
  const res = await fetch('/api/upload', { method: 'POST', body: form, credentials: 'include', headers: { Accept: 'application/json' } });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
  return (await res.json()) as UploadResult;
}

/** POST /api/performers: the registration, pending, with its documents recorded in the same append. */
export function registerPerformer(body: PerformerRegistrationInput): Promise<PerformerView> {
  return api.post<PerformerView>('/api/performers', body);
}
