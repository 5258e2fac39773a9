import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** SESSION_SECRET, else a secret generated once and kept under DATA_DIR (so sessions survive restarts). */
export async function sessionSecret(config: { SESSION_SECRET?: string; dataDir: string }): Promise<string> {
  return config.SESSION_SECRET ?? keptSecret(config.dataDir, 'session-secret');
}

/** A secret generated once and kept in a file under DATA_DIR (mode 600); concurrent first starts agree on the first one written. */
export async function keptSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await readFile(file, 'utf8')).trim();
  }
}
