// `npm run test:all`: the three jest tiers one after another (unit first, so a broken rule fails in
// seconds), each its own jest run with its JSON results; then jest-results.json as one jest run would
// have written it (.ci/run reads its counts), the 15 slowest test files, and one line a tier with its
// test count and wall time (docs/architecture.md#tests states the budgets).
//
//   node scripts/test-tiers.mjs [tier ...] [-- jest arguments]
//
// A tier that fails stops the run (the tiers after it are reported as not run). No --forceExit: a
// suite closes what it opens. So that CI can never hang on a future leak, a jest still alive
// LEAK_GRACE_S seconds after writing its results is killed (its whole process group) and its tier
// fails, naming the leak and how to find it; so does a tier whose jest had to kill a worker that
// did not exit by itself after its last file.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { slowestLines } from './test-slowest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jestBin = path.join(path.dirname(createRequire(import.meta.url).resolve('jest/package.json')), 'bin/jest.js');
const TIERS = ['unit', 'integration', 'browser'];
/**
 * Arguments a tier's jest run gets besides its project and results file. The unit tier runs on two
 * workers: jest's default on two cores is one (cores - 1), which runs in band, and its pure specs
 * share nothing. The integration tier runs
 * two files at a time (its files do not collide: scratch databases, data folders, Redis servers or
 * key prefixes of their own, ports below the kernel's ephemeral range: backend/test/session-helpers.ts);
 * much of its time is child processes starting and real sockets waiting, so the second worker took
 * it from 12 to under 8 minutes (2026-11-29). The browser tier runs two files at a time too: on one
 * worker its pages, their video and the in-process app kept the two cores about 75 % busy (waits on
 * a page, a frame, a push); on two, 97 %, and the tier took 9 min 04–45 s against 10 min 21–42 s in clean clones
 * (2026-11-30, docs/architecture.md#tests). Its files share only the one Chromium, each with its
 * own contexts, app, scratch database and ports.
 */
const TIER_ARGS = { unit: ['--maxWorkers=2'], integration: ['--maxWorkers=2'], browser: ['--maxWorkers=2'] };
const LEAK_GRACE_S = Number(process.env.TEST_LEAK_GRACE_S ?? 10);
/** What jest prints when a worker is still up half a second after its last file (jest-runner): a leak in that worker. */
const WORKER_KILLED = 'A worker process has failed to exit gracefully and has been force exited';

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const named = dashes === -1 ? argv : argv.slice(0, dashes);
const jestArgs = dashes === -1 ? [] : argv.slice(dashes + 1);
const unknown = named.filter((tier) => !TIERS.includes(tier));
if (unknown.length > 0) {
  console.error(`unknown tier ${unknown.join(', ')}: the tiers are ${TIERS.join(', ')}`);
  process.exit(2);
}
const tiers = named.length > 0 ? TIERS.filter((tier) => named.includes(tier)) : TIERS;

const scratch = mkdtempSync(path.join(os.tmpdir(), 'aura-jest-'));
let running;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (running) killGroup(running);
    rmSync(scratch, { recursive: true, force: true });
    process.exit(130);
  });
}

const runs = [];
for (const tier of tiers) {
  const run = await runTier(tier);
  runs.push(run);
  if (!run.ok) break;
}
rmSync(scratch, { recursive: true, force: true });

const merged = mergeResults(runs.map((run) => run.results).filter(Boolean));
merged.success = runs.length === tiers.length && runs.every((run) => run.ok);
merged.tiers = runs.map(({ tier, seconds, results, ok, problem }) => ({
  tier,
  seconds,
  tests: results?.numTotalTests ?? 0,
  ok,
  problem,
}));
writeFileSync(path.join(root, 'jest-results.json'), JSON.stringify(merged));

console.log('');
for (const line of slowestLines(merged)) console.log(line);
console.log('');
for (const tier of tiers) {
  const run = runs.find((r) => r.tier === tier);
  console.log(run ? tierLine(run) : `${tier}: not run (a tier before it failed)`);
}
process.exit(merged.success ? 0 : 1);

/** Runs one tier's jest and resolves with its results, wall time, and whether it passed and exited by itself. */
function runTier(tier) {
  const outputFile = path.join(scratch, `${tier}.json`);
  const args = [
    jestBin,
    '--selectProjects',
    tier,
    ...TIER_ARGS[tier],
    '--json',
    `--outputFile=${outputFile}`,
    ...jestArgs,
  ];
  console.log(`\n${tier}: jest ${args.slice(1).join(' ')}\n`);
  const started = Date.now();
  // its own process group, so that a leak guard's kill takes the children jest started too; its
  // stderr passes through here, read for a worker jest had to kill
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['inherit', 'inherit', 'pipe'], detached: true });
  running = child;
  let stderrTail = '';
  let workerKilled = false;
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    const seen = stderrTail + chunk.toString();
    if (seen.includes(WORKER_KILLED)) workerKilled = true;
    stderrTail = seen.slice(-WORKER_KILLED.length);
  });
  return new Promise((resolve) => {
    let written;
    let leaked = false;
    const watch = setInterval(() => {
      if (written === undefined) {
        const results = readResults(outputFile);
        if (results) written = { at: Date.now(), results };
        return;
      }
      if (Date.now() - written.at >= LEAK_GRACE_S * 1000) {
        leaked = true;
        killGroup(child);
      }
    }, 250);
    child.on('exit', async (code, signal) => {
      clearInterval(watch);
      running = undefined;
      const seconds = ((leaked ? written.at : Date.now()) - started) / 1000;
      // the last of its stderr (a killed worker's warning comes before the results, but through a pipe)
      if (!child.stderr.readableEnded)
        await Promise.race([once(child.stderr, 'end'), new Promise((done) => setTimeout(done, 1_000))]);
      const results = written?.results ?? readResults(outputFile);
      let problem;
      if (leaked)
        problem = `left something open: jest still ran ${LEAK_GRACE_S} s after writing its results and was killed`;
      else if (workerKilled)
        problem = 'left something open in a test worker: jest killed the worker, which did not exit by itself';
      else if (!results) problem = `jest ended (${signal ?? `exit code ${code}`}) without writing its results`;
      else if (code !== 0 && results.success) problem = `jest ended with exit code ${code}`;
      if (leaked || workerKilled)
        console.error(
          `\n${tier}: ${problem}. A test left a server, a client, a browser, a child process or a timer open; ` +
            `find it with: npx jest --selectProjects ${tier} --detectOpenHandles <file>\n`,
        );
      resolve({ tier, seconds, results, ok: !problem && code === 0 && Boolean(results?.success), problem });
    });
  });
}

function readResults(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined; // still being written
  }
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** One JSON result as a single jest run over every tier would have written it. */
function mergeResults(results) {
  const sum = (key) => results.reduce((total, r) => total + (r[key] ?? 0), 0);
  const counts = Object.fromEntries(
    [
      'numFailedTestSuites',
      'numFailedTests',
      'numPassedTestSuites',
      'numPassedTests',
      'numPendingTestSuites',
      'numPendingTests',
      'numRuntimeErrorTestSuites',
      'numTodoTests',
      'numTotalTestSuites',
      'numTotalTests',
    ].map((key) => [key, sum(key)]),
  );
  const snapshotKeys = new Set(results.flatMap((r) => Object.keys(r.snapshot ?? {})));
  const snapshot = Object.fromEntries(
    [...snapshotKeys].map((key) => {
      const values = results.map((r) => r.snapshot?.[key]);
      if (values.every((v) => typeof v === 'number' || v === undefined))
        return [key, values.reduce((a, v) => a + (v ?? 0), 0)];
      if (values.every((v) => typeof v === 'boolean' || v === undefined)) return [key, values.some(Boolean)];
      return [key, values.flat().filter((v) => v !== undefined)];
    }),
  );
  return {
    ...counts,
    openHandles: results.flatMap((r) => r.openHandles ?? []),
    snapshot,
    startTime: Math.min(...results.map((r) => r.startTime ?? Date.now()), Date.now()),
    success: results.length > 0 && results.every((r) => r.success),
    testResults: results.flatMap((r) => r.testResults ?? []),
    wasInterrupted: results.some((r) => r.wasInterrupted),
  };
}

/** `unit: 1,012 tests in 41 s`, with what went wrong if anything did. */
function tierLine({ tier, seconds, results, ok, problem }) {
  const tests = (results?.numTotalTests ?? 0).toLocaleString('en-US');
  let line = `${tier}: ${tests} ${results?.numTotalTests === 1 ? 'test' : 'tests'} in ${duration(seconds)}`;
  const failed = results?.numFailedTests ?? 0;
  const broken = results?.numRuntimeErrorTestSuites ?? 0;
  if (failed > 0) line += `, ${failed} failed`;
  if (broken > 0) line += `, ${broken} test files failed to run`;
  if (problem) line += `; ${problem}`;
  else if (!ok) line += ', FAILED';
  return line;
}

function duration(seconds) {
  const whole = Math.round(seconds);
  return whole < 120 ? `${whole} s` : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
