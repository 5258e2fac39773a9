/**
 * Starts `npm start`'s process (scripts/start.mjs: frontend build check, then the app) on a data
 * directory and times it to ready: `/api/health` green and a new registration answered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { GENEROUS_RATE_LIMITS } from '../../backend/test/app-harness';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.cjs';

const root = path.resolve(__dirname, '../..');

export interface RunningApp {
  process: ChildProcess;
  port: number;
  /** seconds from spawn to health green + a registration answered */
  readySeconds: number;
  /** CPU seconds the app process had used by then (user + system): what a busy machine does not inflate */
  readyCpuSeconds: number;
  /** CPU seconds the app process has used so far */
  cpuSeconds(): number;
  /** resident memory of the app process (the start script's child), MiB */
  rssMiB(): number;
  /** the most resident memory the app process has had so far, MiB */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

/** a memory figure of /proc/<pid>/status (kB there), MiB */
const statusMiB = (pid: string, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function startApp(dataDir: string, port: number, env: Record<string, string> = {}): Promise<RunningApp> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
      RATE_LIMITS: GENEROUS_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the app exited with ${exitCode} before it was ready`);
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `r${suffix}`,
      email: `r${suffix}@bench.local`,
      password: 'bench-password-1',
      sensitiveDataConsent: true,
    }),
  });
  if (registered.status !== 201) {
    // a bench that stops here must not leave the app holding its port for the next run
    const answer = await registered.text();
    child.kill('SIGTERM');
    await exited;
    throw new Error(`registration answered ${registered.status}: ${answer}`);
  }
  const readySeconds = (performance.now() - started) / 1000;
  const appPid = async () => {
    const children = await readdir('/proc').then((entries) => entries.filter((entry) => /^\d+$/.test(entry)));
    return children.find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(child.pid);
      } catch {
        return false;
      }
    });
  };
  const pid = (await appPid()) ?? String(child.pid);
  const cpuSeconds = () => {
    // fields 14 and 15 of /proc/<pid>/stat, after the command name, in clock ticks (100 per second)
    const [utime = 0, stime = 0] = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '')
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return (utime + stime) / 100;
  };
  return {
    process: child,
    port,
    readySeconds,
    readyCpuSeconds: cpuSeconds(),
    cpuSeconds,
    rssMiB: () => statusMiB(pid, 'VmRSS'),
    peakRssMiB: () => statusMiB(pid, 'VmHWM'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * One role of compose in a process of its own (`node <SERVER_NODE_FLAGS> --import tsx backend/entry/<role>.ts`, what
 * `npm run start:<role>` runs), its CPU read from that very process. An api is ready when
 * `/api/health` is green; the projector and the worker when they say they run.
 */
export async function startRole(
  role: 'api' | 'projector' | 'worker',
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningApp> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, `backend/entry/${role}.ts`)],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD: 'bench-admin-password',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // the log's lines (on stdout or stderr, as the logger has it) say when the role runs; warnings and errors are shown
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
    for (const line of chunk.toString().split('\n'))
      if (/"level":"(warn|error)"|"level":[45]0/.test(line)) process.stderr.write(`${role}: ${line}\n`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw new Error(`the ${role} exited with ${exitCode} before it was ready:\n${output}`);
    if (
      role === 'api'
        ? (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined))?.status === 200
        : /running/.test(output)
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const cpuSeconds = () => {
    const [utime = 0, stime = 0] = (readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1] ?? '')
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return (utime + stime) / 100;
  };
  return {
    process: child,
    port,
    readySeconds: (performance.now() - started) / 1000,
    readyCpuSeconds: cpuSeconds(),
    cpuSeconds,
    rssMiB: () => statusMiB(String(child.pid), 'VmRSS'),
    peakRssMiB: () => statusMiB(String(child.pid), 'VmHWM'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
