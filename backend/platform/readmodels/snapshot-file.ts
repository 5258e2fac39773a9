/**
 * One file holding the in-memory read models at one instant, checkpoints included (they are the
 * `_checkpoints` collection), so documents and checkpoints can never disagree: a snapshot is
 * written whole to a temporary file, flushed, then renamed over the previous one, and the folder
 * flushed. A crash at any step leaves either the old snapshot or the new one; a file that fails its
 * checksum is ignored (the log replays instead). Documents go through V8's structured serializer
 * in chunks, so dates stay dates and the event loop gets a turn between chunks.
 *
 * Layout: MAGIC, then frames of [u32 length][bytes]: a JSON header, one frame per chunk of
 * documents (collections in header order), then the SHA-256 of everything before it (32 bytes).
 */
import { createHash } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { CollectionDump, IndexSpec } from './mingo';
import type { Doc } from './port';

const MAGIC = Buffer.from('AURA-READMODELS-SNAPSHOT/1\n');
const DIGEST_BYTES = 32;
export const DOCS_PER_FRAME = 500;

export interface SnapshotHeader {
  /** the code the read models were built by: another one means they may differ */
  fingerprint: string;
  createdAt: string;
  /** free-form facts for the reader (the projections and their collections, the position) */
  meta: Record<string, unknown>;
  collections: { name: string; indexes: [string, IndexSpec][]; count: number }[];
}

export interface Snapshot {
  header: SnapshotHeader;
  collections: CollectionDump[];
}

/** The steps of writing a snapshot, in order: where tests inject a crash. */
export const SNAPSHOT_STEPS = [
  'open',
  'write-header',
  'write-documents',
  'write-digest',
  'fsync',
  'close',
  'rename',
  'fsync-folder',
] as const;
export type SnapshotStep = (typeof SNAPSHOT_STEPS)[number];

export interface SnapshotFileOptions {
  file: string;
  /** called before each step (before each frame of documents); a throw stands for a crash there (tests) */
  beforeStep?: (step: SnapshotStep) => void;
}

export async function writeSnapshotFile(options: SnapshotFileOptions, snapshot: Snapshot): Promise<{ bytes: number }> {
  const step = options.beforeStep ?? (() => {});
  const temporary = `${options.file}.tmp`;
  step('open');
  const handle = await open(temporary, 'w', 0o600);
  let bytes = 0;
  try {
    const digest = createHash('sha256');
    const put = async (data: Buffer) => {
      digest.update(data);
      await handle.write(data);
      bytes += data.length;
    };
    const frame = (payload: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(payload.length);
      return Buffer.concat([length, payload]);
    };
    step('write-header');
    await put(MAGIC);
    await put(frame(Buffer.from(JSON.stringify(snapshot.header))));
    for (const collection of snapshot.collections) {
      for (let start = 0; start < collection.docs.length; start += DOCS_PER_FRAME) {
        step('write-documents');
        await put(frame(serialize(collection.docs.slice(start, start + DOCS_PER_FRAME))));
      }
    }
    step('write-digest');
    const sum = digest.digest();
    await handle.write(sum);
    bytes += sum.length;
    step('fsync');
    await handle.sync();
  } finally {
    try {
      step('close');
    } finally {
      await handle.close();
    }
  }
  step('rename');
  await rename(temporary, options.file);
  step('fsync-folder');
  const folder = await open(path.dirname(options.file), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  return { bytes };
}

/** The snapshot in `file`, or why there is none to use (missing, torn, corrupt). */
export async function readSnapshotFile(file: string): Promise<{ snapshot: Snapshot } | { missing: string }> {
  let data: Buffer;
  try {
    data = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: 'no snapshot yet' };
    throw error;
  }
  if (data.length < MAGIC.length + DIGEST_BYTES || !data.subarray(0, MAGIC.length).equals(MAGIC))
    return { missing: 'not a snapshot of this format' };
  const body = data.subarray(0, data.length - DIGEST_BYTES);
  if (!createHash('sha256').update(body).digest().equals(data.subarray(body.length)))
    return { missing: 'checksum mismatch' };
  try {
    let offset = MAGIC.length;
    const next = () => {
      const length = body.readUInt32BE(offset);
      const payload = body.subarray(offset + 4, offset + 4 + length);
      offset += 4 + length;
      return payload;
    };
    const header = JSON.parse(next().toString('utf8')) as SnapshotHeader;
    const collections = header.collections.map(({ name, indexes, count }) => {
      const docs: Doc[] = [];
      while (docs.length < count) for (const doc of deserialize(next()) as Doc[]) docs.push(doc);
      return { name, indexes, docs };
    });
    if (offset !== body.length) return { missing: 'unexpected data after the documents' };
    return { snapshot: { header, collections } };
  } catch (error) {
    return { missing: `unreadable: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** A temporary file left by a crash mid-write. */
export async function removeTemporarySnapshot(file: string): Promise<void> {
  await rm(`${file}.tmp`, { force: true });
}
