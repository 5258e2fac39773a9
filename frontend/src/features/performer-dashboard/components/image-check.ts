import { MAX_UPLOAD_BYTES, uploadMessages } from '@aura/contracts';

/** An image by its first bytes: JPEG, PNG or WebP. */
export function isImage(head: Uint8Array): boolean {
  const starts = (offset: number, ...bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  return (
    starts(0, 0xff, 0xd8, 0xff) ||
    starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) ||
    (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50))
  );
}

export function checkImage(size: number, head: Uint8Array): { title: string; message: string } | null {
  if (size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  if (!isImage(head)) return uploadMessages.badImage;
  return null;
}

export async function checkImageFile(file: File) {
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  return checkImage(file.size, new Uint8Array(await file.slice(0, 16).arrayBuffer()));
}
