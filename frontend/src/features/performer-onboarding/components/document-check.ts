import { MAX_UPLOAD_BYTES, uploadMessages } from '@aura/contracts';

export type DocumentKind = 'image/jpeg' | 'image/png' | 'application/pdf';

/** The type of a document by its first bytes (never by its name or the browser's claim). */
export function sniffDocument(head: Uint8Array): DocumentKind | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

export interface DocumentProblem {
  title: string;
  message: string;
}

/** The spec's checks of one file before it is attached: size first, then content. */
export function checkDocument(size: number, head: Uint8Array): DocumentProblem | null {
  if (size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  if (sniffDocument(head) === null) return uploadMessages.badType;
  return null;
}

export async function checkDocumentFile(file: File): Promise<DocumentProblem | null> {
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return checkDocument(file.size, head);
}
