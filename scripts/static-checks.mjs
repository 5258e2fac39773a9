// `npm test`'s first step: ESLint, Prettier and the TypeScript check of every workspace, as
// `npm run lint` and `npm run typecheck` run them, but side by side (as many at once as the machine
// has cores): one after another they took about two minutes of CI's budget (docs/architecture.md#tests).
// Each check's output is printed whole when it ends, with its time; any failure fails the step.
//
//   node scripts/static-checks.mjs [name prefix]   (e.g. `tsc`: only the type checks)
//
// The type checks run TypeScript 7's native compiler (the tools/typecheck workspace), one thread
// each, as the checks already share the cores: the four projects took 125 s of CPU with TypeScript
// 5.9 and take about 25 s with it. TypeScript 5.9 stays at the root for typescript-eslint, whose
// parser needs its JavaScript API.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const nativeTsc = path.join(root, 'tools', 'typecheck', 'node_modules', '.bin', 'tsc');

/**
 * The longest first, so that the last to start is a short one. ESLint runs in two halves, the
 * frontend and the rest, one on each core: whole, it was the longest check (47–65 s) while the
 * other core finished the type checks and Prettier and waited for it. Prettier (20–35 s) starts
 * next, before the four type checks (3–14 s each).
 */
const CHECKS = [
  { name: 'eslint frontend', command: bin('eslint'), args: ['--max-warnings', '0', 'frontend'] },
  {
    name: 'eslint (the rest)',
    command: bin('eslint'),
    args: ['--max-warnings', '0', '--ignore-pattern', 'frontend/**', '.'],
  },
  { name: 'prettier', command: bin('prettier'), args: ['--check', '.'] },
  ...['frontend', 'backend', 'test', 'contracts'].map((project) => ({
    name: `tsc -p ${project}`,
    command: nativeTsc,
    args: ['-p', project, '--noEmit', '--singleThreaded'],
  })),
].filter((check) => check.name.startsWith(process.argv[2] ?? ''));

const parallel = Math.max(1, Math.min(CHECKS.length, os.availableParallelism?.() ?? os.cpus().length));
const started = Date.now();
const queue = [...CHECKS];
const failed = [];

await Promise.all(Array.from({ length: parallel }, () => drain()));
const total = ((Date.now() - started) / 1000).toFixed(0);
if (failed.length > 0) {
  console.error(`\nstatic checks failed: ${failed.join(', ')} (${total} s)`);
  process.exit(1);
}
console.log(`\nstatic checks: ${CHECKS.length} passed in ${total} s`);

async function drain() {
  for (let check = queue.shift(); check; check = queue.shift()) {
    const { code, output, seconds } = await run(check);
    const verdict = code === 0 ? 'passed' : `failed (exit code ${code})`;
    process.stdout.write(`\n${check.name}: ${verdict} in ${seconds} s\n${output}`);
    if (code !== 0) failed.push(check.name);
  }
}

function run({ command, args }) {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) =>
      resolve({
        code: code ?? 1,
        output: Buffer.concat(chunks).toString(),
        seconds: ((Date.now() - begun) / 1000).toFixed(0),
      }),
    );
  });
}
