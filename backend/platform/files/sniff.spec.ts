import { sniffContentType } from './sniff';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('content sniffing', () => {
  it('recognises JPEG, PNG, WebP and PDF by magic bytes', () => {
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe('image/jpeg');
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffContentType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffContentType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
  });
  it('refuses anything else, whatever its name says', () => {
    expect(sniffContentType(Buffer.from('<html>not a png</html>'))).toBeUndefined();
    expect(sniffContentType(Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'))).toBeUndefined();
    expect(sniffContentType(bytes())).toBeUndefined();
    expect(sniffContentType(bytes(0xff, 0xd8))).toBeUndefined();
  });
});
