import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalFileStorage, FileRejectedError, type FileStorage } from './storage';

/** a real 1×1 PNG (images are parsed to strip their metadata) */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let dir: string;
let files: FileStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'aura-files-'));
  files = await createLocalFileStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('local file storage', () => {
  const options = {
    allowed: ['image/png', 'application/pdf'] as const,
    maxBytes: 100,
    originalName: 'id.png',
    owner: 'anonymous',
  };
  it('stores by content type and reads back', async () => {
    const saved = await files.save('private', png, options);
    expect(saved).toMatchObject({ contentType: 'image/png', size: png.length, area: 'private' });
    expect((await files.read('private', saved.fileId))?.bytes.equals(png)).toBe(true);
    expect(await files.read('public', saved.fileId)).toBeUndefined();
  });
  it('refuses a file that lies about its type and an oversize one', async () => {
    await expect(
      files.save('private', Buffer.from('GIF89a....'), { ...options, originalName: 'fake.png' }),
    ).rejects.toMatchObject({ reason: 'bad_type' });
    await expect(files.save('private', Buffer.concat([png, Buffer.alloc(100)]), options)).rejects.toBeInstanceOf(
      FileRejectedError,
    );
  });
  it('publishes a private file', async () => {
    const saved = await files.save('private', png, options);
    expect(await files.publish(saved.fileId)).toMatchObject({ area: 'public' });
    expect(await files.meta('private', saved.fileId)).toBeUndefined();
    expect(await files.meta('public', saved.fileId)).toBeDefined();
  });
  it('ignores ids that are not uuids (no path traversal)', async () => {
    expect(await files.read('private', '../.link-secret')).toBeUndefined();
  });
  it('signs links that expire and cannot be forged', () => {
    const { token } = files.sign({ documentId: 'd', adminId: 'a' }, 1000, 10_000);
    expect(files.verify(token, 10_500)).toMatchObject({ documentId: 'd', adminId: 'a' });
    expect(files.verify(token, 11_001)).toBeUndefined();
    const [body] = token.split('.');
    expect(files.verify(`${body}.forged`, 10_500)).toBeUndefined();
  });
});

describe('images stored without their metadata', () => {
  it('a PNG with a text chunk is stored without it', async () => {
    const text = Buffer.from('tEXtAuthor\0Anna', 'latin1');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(text.length - 4);
    const withText = Buffer.concat([png.subarray(0, 33), length, text, Buffer.alloc(4), png.subarray(33)]);
    const saved = await files.save('private', withText, {
      allowed: ['image/png'],
      maxBytes: 1000,
      originalName: 'a.png',
      owner: 'x',
    });
    const stored = (await files.read('private', saved.fileId))!.bytes;
    expect(stored.equals(png)).toBe(true);
    expect(saved.size).toBe(png.length);
  });
  it('refuses a PNG that does not parse', async () => {
    const broken = Buffer.concat([png.subarray(0, 8), Buffer.alloc(40, 1)]);
    await expect(
      files.save('private', broken, { allowed: ['image/png'], maxBytes: 1000, originalName: 'a.png', owner: 'x' }),
    ).rejects.toMatchObject({ reason: 'bad_type' });
  });
});
