// Builds the frontend when its sources (or the contracts) are newer than the last build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'frontend/dist/index.html');
const sources = ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'contracts/src'];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(target, name))),
    stat.mtimeMs,
  );
}

export function buildFrontendIfStale() {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  if (!sources.some((source) => newestChange(path.join(root, source)) > builtAt)) return;
  console.log('Building the frontend...');
  // always the production bundle: jest runs with NODE_ENV=test, which Vite would otherwise keep,
  // shipping React's development build to whoever starts the app after the tests
  const env = { ...process.env, NODE_ENV: 'production' };
  const build = spawnSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) throw new Error(`frontend build failed (${build.status})`);
}
