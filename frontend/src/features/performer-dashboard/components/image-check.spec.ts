import { describe, expect, it } from '@jest/globals';
import { checkImage, isImage } from './image-check';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const webp = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);
const pdf = new TextEncoder().encode('%PDF-1.4 xxxx');

describe('photo image checks', () => {
  it('accepts JPEG, PNG and WebP by content and refuses anything else', () => {
    expect(isImage(Uint8Array.from([0xff, 0xd8, 0xff, 0xdb]))).toBe(true);
    expect(isImage(png)).toBe(true);
    expect(isImage(webp)).toBe(true);
    expect(isImage(pdf)).toBe(false);
    expect(checkImage(10, pdf)?.title).toBe('Formato non valido');
  });

  it('refuses more than 10,485,760 bytes', () => {
    expect(checkImage(10_485_761, png)?.title).toBe('File troppo grande');
    expect(checkImage(10_485_760, png)).toBeNull();
  });
});
