// `npm test` on a fresh clone: installs the locked dependencies first when they are missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const markers = ['node_modules/.bin/jest', 'node_modules/.bin/eslint', 'node_modules/.bin/vite'];
if (!markers.every((marker) => existsSync(path.join(root, marker)))) {
  console.log('Installing dependencies (npm ci)...');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
