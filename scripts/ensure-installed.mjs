// `npm test` on a fresh clone: installs the locked dependencies first when they are missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const markers = ['node_modules/.bin/jest', 'node_modules/.bin/eslint', 'node_modules/.bin/vite'];
if (!markers.every((marker) => existsSync(path.join(root, marker)))) {
  // `npm install`, not `npm ci`: the registry this project installs from lists only this platform's
  // optional binaries (@swc/core-*, resolver bindings), so the lock cannot name the others and
  // `npm ci` refuses it; `npm install` still installs the locked versions.
  console.log('Installing dependencies (npm install)...');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
