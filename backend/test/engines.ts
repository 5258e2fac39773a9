/**
 * Which real engines a test run can reach. A suite whose engine is absent is skipped with a
 * printed notice (never silently). Engines come from an URL in the environment or, where a Docker
 * engine exists, from testcontainers.
 */
import { existsSync } from 'node:fs';

export function dockerAvailable(): boolean {
  if (process.env.DOCKER_HOST) return true;
  return existsSync('/var/run/docker.sock');
}

export type EngineSource = { kind: 'url'; url: string } | { kind: 'container' } | { kind: 'absent'; reason: string };

/** The URL from `envVar`, else testcontainers when Docker is there, else absent. */
export function engineSource(envVar: string, engine: string): EngineSource {
  const url = process.env[envVar];
  if (url) return { kind: 'url', url };
  if (dockerAvailable()) return { kind: 'container' };
  return { kind: 'absent', reason: `${engine}: no ${envVar} set and no Docker engine here` };
}

/** `describe` when the engine is reachable, else `describe.skip` after printing why. */
export function describeWithEngine(source: EngineSource, title: string, body: () => void): void {
  if (source.kind === 'absent') {
    process.stdout.write(`\n[skip] ${title}: ${source.reason}\n`);
    describe.skip(title, body);
    return;
  }
  describe(title, body);
}
