/**
 * The landing page's weight and speed. Run with `npx tsx bench/first-page/run.ts`.
 *
 * Builds the frontend if its sources changed (production mode), starts the real app on the
 * embedded adapters with the demo data in a temporary DATA_DIR (as `npm start` would), loads `/`
 * in Debian's Chromium BENCH_RUNS (5) times per viewport (1366×768 and 390×844) in fresh
 * contexts, and prints the initial JS (gzip), total JS and largest contentful paint (medians).
 * With FIRST_PAGE_URL set it measures that running app instead (nothing is built or started).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildFrontendIfStale, root } from '../../scripts/frontend-build.mjs';
import { DESKTOP, kB, measureFirstPage, PHONE, type FirstPageFigures } from './measure';

const runs = Number(process.env.BENCH_RUNS ?? 5);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, app: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`the app exited (${app.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the app was not ready in time');
}

/** The real app, as `npm start` runs it, on a free port with a fresh data folder. */
async function startApp(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aura-first-page-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
  };
  // as `npm start` runs on a laptop: the embedded adapters and plain HTTP, whatever the shell points at
  for (const name of ['NODE_ENV', 'DATABASE_URL', 'EVENTSTORE_URL', 'MONGO_URL', 'REDIS_URL']) delete env[name];
  env.ADMIN_PASSWORD ??= 'first-page-bench';
  const app = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'backend/entry/all.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, app);
  return {
    url,
    stop: async () => {
      if (app.exitCode === null) {
        const exited = new Promise((resolve) => app.once('exit', resolve));
        app.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function report(label: string, figures: FirstPageFigures) {
  const lcps = figures.runs.map((run) => run.lcpMs).join(', ');
  console.log(`\n${label} ${figures.viewport.width}×${figures.viewport.height}`);
  console.log(`  initial JS (requested before LCP): ${kB(figures.initialJsGzipBytes)} gzip`);
  console.log(`  total JS (until the network is quiet): ${kB(figures.totalJsGzipBytes)} gzip`);
  console.log(`  LCP: ${figures.lcpMs} ms (runs: ${lcps}); element: ${figures.runs.at(-1)?.lcpElement ?? '?'}`);
  console.log('  scripts of the last run (requested at, gzip):');
  for (const script of figures.runs.at(-1)?.scripts ?? [])
    console.log(
      `    ${String(script.requestedAtMs).padStart(5)} ms  ${kB(script.gzipBytes).padStart(9)}  ${new URL(script.url).pathname}`,
    );
}

async function main() {
  let url = process.env.FIRST_PAGE_URL;
  let stop = async () => {};
  if (!url) {
    buildFrontendIfStale();
    const app = await startApp();
    url = app.url;
    stop = app.stop;
  }
  try {
    report('desktop', await measureFirstPage({ url: `${url}/`, runs, viewport: DESKTOP }));
    report('phone', await measureFirstPage({ url: `${url}/`, runs, viewport: PHONE }));
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
