/** Image bytes for tests: a JPEG's structure segment by segment (what the storage parses and strips). */
export const jpegSegment = (marker: number, body: string) => {
  const data = Buffer.from(body, 'latin1');
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};

/** the smallest JPEG the storage takes: JFIF, a quantisation table, a scan, its end */
export const MINIMAL_JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8]),
  jpegSegment(0xe0, 'JFIF\0\x01\x01\0\0\x01\0\x01\0\0'),
  jpegSegment(0xdb, '\0'.repeat(65)),
  jpegSegment(0xda, '\x01\x01\0\0\x3f\0'),
  Buffer.from([0x12, 0x34, 0x56, 0xff, 0xd9]),
]);
