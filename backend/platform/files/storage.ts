import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sniffContentType, type SniffedType } from './sniff';
import { MalformedImageError, stripImageMetadata } from './strip-metadata';

/**
 * The files port: private files (identity documents, uploads waiting to become photos) and public
 * ones (photos). The embedded adapter is a local folder under DATA_DIR/files; an S3-compatible
 * adapter would implement the same interface.
 */
export type FileArea = 'private' | 'public';

export interface StoredFileMeta {
  fileId: string;
  area: FileArea;
  contentType: SniffedType;
  size: number;
  originalName: string;
  /** who uploaded it: a principal id, or 'anonymous' (registration) */
  owner: string;
  storedAt: string;
}

export class FileRejectedError extends Error {
  constructor(
    readonly reason: 'too_large' | 'bad_type',
    message: string,
  ) {
    super(message);
    this.name = 'FileRejectedError';
  }
}

export interface FileStorage {
  readonly adapter: string;
  /** checks the content type by magic bytes and the size, then stores; throws FileRejectedError */
  save(
    area: FileArea,
    bytes: Uint8Array,
    options: {
      allowed: readonly SniffedType[];
      maxBytes: number;
      originalName: string;
      owner: string;
      fileId?: string;
    },
  ): Promise<StoredFileMeta>;
  meta(area: FileArea, fileId: string): Promise<StoredFileMeta | undefined>;
  read(area: FileArea, fileId: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | undefined>;
  /** moves a private file to the public area (a photo upload confirmed by its performer) */
  publish(fileId: string): Promise<StoredFileMeta | undefined>;
  remove(area: FileArea, fileId: string): Promise<void>;
  /** short-lived signed tokens for links to private files */
  sign(payload: Record<string, string>, ttlMs: number, now?: number): { token: string; expiresAt: number };
  verify(token: string, now?: number): Record<string, string> | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function createLocalFileStorage(rootDir: string): Promise<FileStorage> {
  await mkdir(path.join(rootDir, 'private'), { recursive: true });
  await mkdir(path.join(rootDir, 'public'), { recursive: true });
  const secretFile = path.join(rootDir, '.link-secret');
  let secret: string;
  try {
    secret = (await readFile(secretFile, 'utf8')).trim();
  } catch {
    await writeFile(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(
      () => undefined,
    );
    secret = (await readFile(secretFile, 'utf8')).trim();
  }
  const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  const fileOf = (area: FileArea, fileId: string) => {
    if (!UUID.test(fileId)) return undefined;
    return path.join(rootDir, area, fileId);
  };

  async function meta(area: FileArea, fileId: string): Promise<StoredFileMeta | undefined> {
    const file = fileOf(area, fileId);
    if (!file) return undefined;
    try {
      return JSON.parse(await readFile(`${file}.json`, 'utf8')) as StoredFileMeta;
    } catch {
      return undefined;
    }
  }

  const storage: FileStorage = {
    adapter: 'local-folder',
    async save(area, bytes, options) {
      if (bytes.byteLength > options.maxBytes)
        throw new FileRejectedError('too_large', 'Il file non può superare 10MB');
      const contentType = sniffContentType(bytes);
      if (!contentType || !options.allowed.includes(contentType))
        throw new FileRejectedError('bad_type', 'Formato non valido');
      // no EXIF, GPS, comments or text chunks are kept (docs/architecture.md#security); an image that does not parse is refused
      try {
        bytes = stripImageMetadata(bytes, contentType);
      } catch (error) {
        if (error instanceof MalformedImageError) throw new FileRejectedError('bad_type', 'Formato non valido');
        throw error;
      }
      const fileId = options.fileId && UUID.test(options.fileId) ? options.fileId : randomUUID();
      const stored: StoredFileMeta = {
        fileId,
        area,
        contentType,
        size: bytes.byteLength,
        originalName: options.originalName.slice(0, 255),
        owner: options.owner,
        storedAt: new Date().toISOString(),
      };
      const file = fileOf(area, fileId)!;
      await writeFile(file, bytes, { mode: 0o600 });
      await writeFile(`${file}.json`, JSON.stringify(stored), { mode: 0o600 });
      return stored;
    },
    meta,
    async read(area, fileId) {
      const found = await meta(area, fileId);
      if (!found) return undefined;
      return { meta: found, bytes: await readFile(fileOf(area, fileId)!) };
    },
    async publish(fileId) {
      const found = await storage.read('private', fileId);
      if (!found) return undefined;
      const published: StoredFileMeta = { ...found.meta, area: 'public' };
      const target = fileOf('public', fileId)!;
      await writeFile(target, found.bytes, { mode: 0o644 });
      await writeFile(`${target}.json`, JSON.stringify(published), { mode: 0o644 });
      await storage.remove('private', fileId);
      return published;
    },
    async remove(area, fileId) {
      const file = fileOf(area, fileId);
      if (!file) return;
      await rm(file, { force: true });
      await rm(`${file}.json`, { force: true });
    },
    sign(payload, ttlMs, now = Date.now()) {
      const expiresAt = now + ttlMs;
      const body = Buffer.from(JSON.stringify({ ...payload, exp: String(expiresAt) })).toString('base64url');
      return { token: `${body}.${hmac(body)}`, expiresAt };
    },
    verify(token, now = Date.now()) {
      const [body, signature] = token.split('.');
      if (!body || !signature) return undefined;
      const expected = Buffer.from(hmac(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      try {
        const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, string>;
        if (!payload.exp || Number(payload.exp) <= now) return undefined;
        return payload;
      } catch {
        return undefined;
      }
    },
  };
  return storage;
}
