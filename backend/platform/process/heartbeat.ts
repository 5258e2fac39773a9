import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdapterHealth } from '../eventstore/port';

export const HEARTBEAT_FILE = 'heartbeat';

/**
 * Roles without an HTTP port (projector, worker) prove they are alive by refreshing a file while
 * their adapters are healthy; the container health check reads its age.
 */
export function startHeartbeat(dataDir: string, checks: (() => Promise<AdapterHealth>)[], everyMs = 10_000) {
  const file = path.join(dataDir, HEARTBEAT_FILE);
  const beat = async () => {
    const results = await Promise.all(checks.map((check) => check().catch(() => ({ ok: false }))));
    if (results.every((result) => result.ok)) await writeFile(file, String(Date.now()));
  };
  void beat();
  const timer = setInterval(() => void beat().catch(() => undefined), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
