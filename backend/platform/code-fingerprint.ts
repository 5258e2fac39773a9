/**
 * A hash of the code that runs (sources, not tests) and of the locked dependencies: what a
 * read-model snapshot is valid for. Any change to them is an upgrade, after which the read
 * models are rebuilt from the log rather than trusted.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', 'coverage']);
const TEST_FILE = /\.(spec|int|e2e|contract)\.tsx?$/;

export async function codeFingerprint(roots: readonly string[], files: readonly string[] = []): Promise<string> {
  const hash = createHash('sha256');
  const found = [...files];
  for (const root of roots) found.push(...(await sourcesUnder(root)));
  for (const file of found.sort()) {
    const content = await readFile(file).catch(() => Buffer.alloc(0));
    hash.update(`${path.basename(file)}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourcesUnder(full);
      return /\.(ts|tsx|js|mjs|cjs|json)$/.test(entry.name) && !TEST_FILE.test(entry.name) ? [full] : [];
    }),
  );
  return nested.flat();
}
