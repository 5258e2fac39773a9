import { describe, expect, it } from '@jest/globals';
import { checkDocument, sniffDocument } from './document-check';

const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const pdf = new TextEncoder().encode('%PDF-1.7\n');
const text = new TextEncoder().encode('hello, I am a jpg');

describe('identity document checks', () => {
  it('recognises JPEG, PNG and PDF by content', () => {
    expect(sniffDocument(jpeg)).toBe('image/jpeg');
    expect(sniffDocument(png)).toBe('image/png');
    expect(sniffDocument(pdf)).toBe('application/pdf');
    expect(sniffDocument(text)).toBeNull();
  });

  it('refuses a file that lies about its type with the spec message', () => {
    expect(checkDocument(100, text)).toEqual({
      title: 'Formato non valido',
      message: 'Sono accettati solo file immagine (JPG, PNG) o PDF',
    });
  });

  it('refuses more than 10 MB, and accepts exactly 10 MB', () => {
    expect(checkDocument(10_485_761, jpeg)).toEqual({
      title: 'File troppo grande',
      message: 'Il file non può superare 10MB',
    });
    expect(checkDocument(10_485_760, jpeg)).toBeNull();
  });
});
