/**
 * The embedded key-value store for what must outlive a restart (revoked sessions and accounts):
 * the memory store, with each put and remove appended to a file under DATA_DIR and the live keys
 * read back at start. Rare writes (a sign-out, a deletion), so one small append each; the file is
 * rewritten with only the live keys at every start. Redis (REDIS_URL) keeps them otherwise.
 */
import { appendFile, readFile, rename, writeFile } from 'node:fs/promises';
import { createMemoryKeyValueStore } from './memory';
import type { KeyValueStore } from './port';

interface Line {
  key: string;
  /** epoch ms; absent: removed */
  expiresAt?: number;
  value?: string;
}

export async function createFileBackedKeyValueStore(
  file: string,
  now: () => number = Date.now,
): Promise<KeyValueStore> {
  const memory = createMemoryKeyValueStore(now);
  const live = new Map<string, Line>();
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const row of text.split('\n')) {
    if (!row.trim()) continue;
    let line: Line;
    try {
      line = JSON.parse(row) as Line;
    } catch {
      continue; // a line cut by a crash mid-append
    }
    if (line.expiresAt === undefined) live.delete(line.key);
    else live.set(line.key, line);
  }
  const kept = [...live.values()].filter((line) => line.expiresAt! > now());
  for (const line of kept) await memory.put(line.key, line.expiresAt! - now(), line.value);
  await writeFile(`${file}.tmp`, kept.map((line) => `${JSON.stringify(line)}\n`).join(''));
  await rename(`${file}.tmp`, file);

  let writes: Promise<void> = Promise.resolve();
  const append = (line: Line) => (writes = writes.then(() => appendFile(file, `${JSON.stringify(line)}\n`)));

  return {
    ...memory,
    adapter: 'file',
    async put(key, ttlMs, value) {
      await memory.put(key, ttlMs, value);
      await append({ key, expiresAt: now() + ttlMs, ...(value === undefined ? {} : { value }) });
    },
    async remove(key) {
      await memory.remove(key);
      await append({ key });
    },
    async close() {
      await writes;
      await memory.close();
    },
  };
}
