/**
 * Uploaded JPEG and PNG images lose what a camera or an editor wrote about them (EXIF with GPS and
 * the device, XMP, IPTC, comments, text chunks, timestamps) before they are stored: pure byte
 * surgery, the pixels untouched. Anything after the image's end is dropped too. A file that does
 * not parse as what it claims to be is refused (`MalformedImageError`).
 */
export class MalformedImageError extends Error {}

/** APPn segments kept: JFIF (APP0), the ICC colour profile (APP2) and Adobe's colour transform (APP14), which decoding needs. */
function keptAppSegment(marker: number, body: Uint8Array): boolean {
  const starts = (text: string) => text.split('').every((char, index) => body[index] === char.charCodeAt(0));
  if (marker === 0xe0) return starts('JFIF\0') || starts('JFXX\0');
  if (marker === 0xe2) return starts('ICC_PROFILE\0');
  if (marker === 0xee) return starts('Adobe');
  return false;
}

/** A JPEG with every APP1–APP15 segment but the colour ones, and every COM segment, removed. */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new MalformedImageError('not a JPEG');
  const out: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  for (;;) {
    if (at + 1 >= bytes.length) throw new MalformedImageError('JPEG without its end');
    if (bytes[at] !== 0xff) throw new MalformedImageError('JPEG segment expected');
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9) {
      out.push(bytes.subarray(at, at + 2)); // EOI: whatever follows is dropped
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 3 >= bytes.length) throw new MalformedImageError('JPEG segment cut short');
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw new MalformedImageError('JPEG segment cut short');
    const body = bytes.subarray(at + 4, end);
    const dropped =
      marker === 0xfe ||
      (marker >= 0xe1 && marker <= 0xef && !keptAppSegment(marker, body)) ||
      (marker === 0xe0 && !keptAppSegment(marker, body));
    if (!dropped) out.push(bytes.subarray(at, end));
    at = end;
    if (marker === 0xda) {
      // entropy-coded data up to the next marker (0xFF00 is a stuffed 0xFF, 0xFFD0–D7 restart markers)
      let scan = at;
      while (
        scan + 1 < bytes.length &&
        !(bytes[scan] === 0xff && bytes[scan + 1] !== 0x00 && !(bytes[scan + 1]! >= 0xd0 && bytes[scan + 1]! <= 0xd7))
      )
        scan += 1;
      if (scan + 1 >= bytes.length) throw new MalformedImageError('JPEG without its end');
      out.push(bytes.subarray(at, scan));
      at = scan;
    }
  }
  return concat(out);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Chunks that carry words, a time or EXIF: dropped. Everything else (pixels, palette, colour) is kept. */
const PNG_DROPPED = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME']);

/** A PNG without its text, EXIF and time chunks, and nothing after IEND. */
export function stripPngMetadata(bytes: Uint8Array): Uint8Array {
  if (!PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) throw new MalformedImageError('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  for (;;) {
    if (at + 12 > bytes.length) throw new MalformedImageError('PNG without IEND');
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) throw new MalformedImageError('PNG chunk cut short');
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (!PNG_DROPPED.has(type)) out.push(bytes.subarray(at, end));
    at = end;
    if (type === 'IEND') break;
  }
  return concat(out);
}

/** The image without its metadata when it is a JPEG or a PNG; other types as they are. */
export function stripImageMetadata(bytes: Uint8Array, contentType: string): Uint8Array {
  if (contentType === 'image/jpeg') return stripJpegMetadata(bytes);
  if (contentType === 'image/png') return stripPngMetadata(bytes);
  return bytes;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
