/**
 * The per-request cost of the logging + metrics middleware (docs/architecture.md#operations): wrk
 * (2 threads, 50 connections) against a bare Koa app and against the same app behind
 * observeRequests, alternated ROUNDS times so the machine's other work weighs on both alike.
 * Prints requests/s of each, and the servers' own CPU time per request (read from /proc: steadier than
 * requests/s on a machine shared with other work), and the difference: what the middleware costs.
 *
 *   npx tsx bench/observe/run.ts            # BENCH_SECONDS=5 BENCH_ROUNDS=3, LOG_LEVEL=info
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

function start(mode: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'server.ts'), mode], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, NODE_ENV: 'production', AGE_VERIFICATION_SANDBOX_IN_PRODUCTION: 'true' },
  });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, port: Number(chunk.toString().trim()) }));
    child.once('exit', (code) => reject(new Error(`${mode} exited with ${code}`)));
  });
}

/** user + system CPU seconds of a process so far */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function wrk(server: { child: ChildProcess; port: number }): { rps: number; cpuMicros: number } {
  const before = cpuSeconds(server.child.pid!);
  const run = spawnSync('wrk', ['-t2', '-c50', `-d${seconds}s`, `http://127.0.0.1:${server.port}/api/performers/p1`], {
    encoding: 'utf8',
  });
  const cpu = cpuSeconds(server.child.pid!) - before;
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(run.stdout);
  const total = /(\d+) requests in/.exec(run.stdout);
  if (!rps || !total) throw new Error(`wrk said:\n${run.stdout}${run.stderr}`);
  return { rps: Number(rps[1]), cpuMicros: (cpu * 1e6) / Number(total[1]) };
}

async function main() {
  if (spawnSync('wrk', ['--version']).error) throw new Error('wrk is not installed');
  const bare = await start('bare');
  const observed = await start('observed');
  const results: Record<'bare' | 'observed', { rps: number; cpuMicros: number }[]> = { bare: [], observed: [] };
  try {
    wrk(bare); // warm-up of both
    wrk(observed);
    for (let round = 0; round < rounds; round++) {
      results.bare.push(wrk(bare));
      results.observed.push(wrk(observed));
    }
  } finally {
    bare.child.kill();
    observed.child.kill();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rps = (kind: 'bare' | 'observed') => median(results[kind].map((each) => each.rps));
  const cpu = (kind: 'bare' | 'observed') => median(results[kind].map((each) => each.cpuMicros));
  const show = (kind: 'bare' | 'observed') =>
    results[kind].map((each) => `${Math.round(each.rps)} req/s at ${each.cpuMicros.toFixed(1)} µs CPU`).join('; ') +
    ` (medians ${Math.round(rps(kind))} req/s, ${cpu(kind).toFixed(1)} µs)`;
  const lines = [
    `bare Koa:          ${show('bare')}`,
    `observed (${(process.env.LOG_LEVEL ?? 'info').padEnd(5)}):  ${show('observed')}`,
    `middleware cost: ${(cpu('observed') - cpu('bare')).toFixed(1)} µs CPU per request ` +
      `(${((cpu('observed') / cpu('bare') - 1) * 100).toFixed(0)}%); req/s ratio ${(rps('observed') / rps('bare')).toFixed(2)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
