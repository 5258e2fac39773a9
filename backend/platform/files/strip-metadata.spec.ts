import { crc32 } from 'node:zlib';
import { MalformedImageError, stripImageMetadata, stripJpegMetadata, stripPngMetadata } from './strip-metadata';

const segment = (marker: number, body: Buffer | string) => {
  const data = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};
const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);
// entropy-coded data with a stuffed 0xFF00 and a restart marker inside
const SCAN = Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56, 0xff, 0xd0, 0x78, 0x9a]);

function jpeg() {
  return Buffer.concat([
    SOI,
    segment(0xe0, 'JFIF\0\x01\x01\0\0\x01\0\x01\0\0'),
    segment(0xe1, 'Exif\0\0MM\0*GPSLatitude 45.4642 N GPSLongitude 9.19 E Canon EOS'),
    segment(0xe1, 'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Anna Rossi</x:xmpmeta>'),
    segment(0xed, 'Photoshop 3.0\x008BIM IPTC by-line Anna'),
    segment(0xe2, 'ICC_PROFILE\0\x01\x01colour'),
    segment(0xfe, 'a secret comment'),
    segment(0xdb, Buffer.alloc(65, 1)), // DQT
    segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])), // SOF0
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])), // SOS
    SCAN,
    segment(0xfe, 'comment between scans'),
    segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
    SCAN,
    EOI,
    Buffer.from('appended after the end: GPS 45.46 9.19'),
  ]);
}

const chunk = (type: string, data: Buffer | string) => {
  const body = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
};
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR = chunk('IHDR', Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]));
const IDAT = chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0, 0, 3, 1, 1, 0]));
const IEND = chunk('IEND', '');

function png() {
  return Buffer.concat([
    SIGNATURE,
    IHDR,
    chunk('tEXt', 'Author\0Anna Rossi'),
    chunk('iTXt', 'XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>GPS</x:xmpmeta>'),
    chunk('zTXt', 'Comment\0\0x'),
    chunk('eXIf', 'MM\0*GPSLatitude'),
    chunk('tIME', Buffer.from([7, 234, 11, 25, 10, 0, 0])),
    chunk('sRGB', Buffer.from([0])),
    IDAT,
    IEND,
    Buffer.from('trailing GPS 45.46'),
  ]);
}

const chunkTypes = (bytes: Uint8Array) => {
  const types: string[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = Buffer.from(bytes).readUInt32BE(at);
    types.push(Buffer.from(bytes.subarray(at + 4, at + 8)).toString('latin1'));
    at += 12 + length;
  }
  return types;
};

describe('stripping image metadata', () => {
  it('removes EXIF, XMP, IPTC and comments from a JPEG and what follows its end, keeping the image segments and scans byte for byte', () => {
    const stripped = Buffer.from(stripJpegMetadata(jpeg()));
    const text = stripped.toString('latin1');
    for (const gone of ['Exif', 'GPS', 'xmpmeta', 'Photoshop', 'secret comment', 'between scans', 'appended', 'Canon'])
      expect(text).not.toContain(gone);
    expect(
      stripped.equals(
        Buffer.concat([
          SOI,
          segment(0xe0, 'JFIF\0\x01\x01\0\0\x01\0\x01\0\0'),
          segment(0xe2, 'ICC_PROFILE\0\x01\x01colour'),
          segment(0xdb, Buffer.alloc(65, 1)),
          segment(0xc0, Buffer.from([8, 0, 1, 0, 1, 1, 1, 0x11, 0])),
          segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
          SCAN,
          segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
          SCAN,
          EOI,
        ]),
      ),
    ).toBe(true);
  });

  it('removes text, EXIF and time chunks from a PNG and what follows IEND, keeping the rest', () => {
    const stripped = stripPngMetadata(png());
    expect(chunkTypes(stripped)).toEqual(['IHDR', 'sRGB', 'IDAT', 'IEND']);
    expect(Buffer.from(stripped).toString('latin1')).not.toMatch(/Anna|GPS|xmp/);
  });

  it('leaves an image without metadata as it was, and other types alone', () => {
    const clean = Buffer.concat([SIGNATURE, IHDR, IDAT, IEND]);
    expect(Buffer.from(stripImageMetadata(clean, 'image/png')).equals(clean)).toBe(true);
    const webp = Buffer.from('RIFF\0\0\0\0WEBPVP8 ');
    expect(stripImageMetadata(webp, 'image/webp')).toBe(webp);
  });

  it('refuses what does not parse as the image it claims to be', () => {
    expect(() => stripPngMetadata(Buffer.concat([SIGNATURE, Buffer.alloc(64, 1)]))).toThrow(MalformedImageError);
    expect(() => stripPngMetadata(Buffer.concat([SIGNATURE, IHDR, IDAT]))).toThrow(MalformedImageError);
    expect(() => stripJpegMetadata(Buffer.concat([SOI, segment(0xe1, 'Exif'), Buffer.from([0x12, 0x34])]))).toThrow(
      MalformedImageError,
    );
    expect(() => stripJpegMetadata(Buffer.concat([SOI, segment(0xda, Buffer.from([1])), SCAN]))).toThrow(
      MalformedImageError,
    );
  });
});
