// `npm start`: builds the frontend when needed, then runs api + projector + worker in one process
// on the embedded adapters (unless URLs are configured).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildFrontendIfStale, root } from './frontend-build.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.cjs';

try {
  buildFrontendIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'backend/entry/all.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.kill(signal));
app.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
