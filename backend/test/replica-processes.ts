/**
 * The processes of compose for a test: each role started with its npm script as a child process
 * (`npm run start:api`…), its own port and data folder, stopped with SIGTERM or killed with SIGKILL
 * (the role's own node process, found under npm and tsx), and a loopback round-robin proxy in front
 * of the api replicas that tries the next one when a replica refuses or drops the connection, as a
 * reverse proxy does.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { GENEROUS_RATE_LIMITS } from './app-harness';

const ROOT = path.resolve(__dirname, '../..');
export type RoleName = 'api' | 'projector' | 'worker';

export interface RoleProcess {
  role: RoleName;
  port?: number;
  /** stdout and stderr so far, for a failure's message */
  output(): string;
  /** the role's own node process (not npm's or tsx's) */
  pid(): number;
  exited: Promise<number | null>;
  signal(signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
}

export function startRole(role: RoleName, env: Record<string, string>, port?: number): RoleProcess {
  const dataDir = mkdtempSync(path.join(tmpdir(), `aura-${role}-`));
  const child: ChildProcess = spawn('npm', ['run', '--silent', `start:${role}`], {
    cwd: ROOT,
    env: {
      ...process.env,
      RATE_LIMITS: GENEROUS_RATE_LIMITS,
      ...env,
      DATA_DIR: dataDir,
      ...(port !== undefined && { PORT: String(port), HOST: '127.0.0.1' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  const pid = () => entryProcess(child.pid!, role);
  return {
    role,
    port,
    output: () => output,
    pid,
    exited,
    async signal(signal) {
      if (child.exitCode !== null) return child.exitCode;
      process.kill(pid(), signal);
      return exited;
    },
  };
}

/** The node process running backend/entry/<role>.ts below `root` (npm → sh → tsx → node). */
function entryProcess(root: number, role: RoleName): number {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .flatMap((match) => (match ? [{ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! }] : []));
  const below = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of table) {
      if (below.has(row.ppid) && !below.has(row.pid)) {
        below.add(row.pid);
        grew = true;
      }
    }
  }
  const candidates = table.filter((row) => below.has(row.pid) && row.args.includes(`backend/entry/${role}.ts`));
  // tsx's own CLI process is the parent of the one that runs the entry: take the deepest
  const leaf = candidates.find((row) => !candidates.some((other) => other.ppid === row.pid));
  if (!leaf) throw new Error(`no node process for ${role} under ${root}`);
  return leaf.pid;
}

/** Polls `url` until it answers 200 (or fails after `timeoutMs`, with the process's output). */
export async function waitUntilReady(role: RoleProcess, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url)
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`${role.role} never became ready at ${url}:\n${role.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A line the process printed, once it has printed it. */
export async function waitForOutput(role: RoleProcess, pattern: RegExp, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(role.output())) {
    if (Date.now() > deadline) throw new Error(`${role.role} never printed ${pattern}:\n${role.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Round-robin over the upstream ports, as compose's Caddy does (docker/caddy/Caddyfile): an active
 * health check of each upstream's GET /readyz every 200 ms keeps a starting or draining replica
 * out of the rotation (all of them when none is ready), and a refused or dropped connection takes
 * it out until its next good check and is tried on the next one (the body is buffered, so a retried POST goes out whole; Idempotency-Key
 * makes it safe). An upstream's answer, whatever its status, is passed on as it is.
 */
export async function startProxy(
  upstreams: number[],
): Promise<{ url: string; retries(): number; outages(port: number): number; out(): number[]; close(): Promise<void> }> {
  let next = 0;
  let retries = 0;
  const ready = new Set<number>(upstreams);
  /** per upstream: how often it left the rotation (its /readyz not 200, or a connection refused) */
  const outages = new Map<number, number>();
  const leave = (port: number) => {
    if (ready.delete(port)) outages.set(port, (outages.get(port) ?? 0) + 1);
  };
  const check = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = request({ host: '127.0.0.1', port, method: 'GET', path: '/readyz', timeout: 1_000 }, (answer) => {
        answer.resume();
        resolve(answer.statusCode === 200);
      });
      probe.on('error', () => resolve(false)).on('timeout', () => probe.destroy());
      probe.end();
    });
  const health = setInterval(() => {
    for (const port of upstreams) void check(port).then((up) => (up ? ready.add(port) : leave(port)));
  }, 200);
  const forward = (port: number, incoming: IncomingMessage, body: Buffer) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, connection: 'close' },
        },
        resolve,
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const start = next++;
        let lastError: unknown;
        for (let attempt = 0; attempt < upstreams.length * 3; attempt++) {
          const rotation = upstreams.some((port) => ready.has(port))
            ? upstreams.filter((port) => ready.has(port))
            : upstreams;
          const port = rotation[(start + attempt) % rotation.length]!;
          try {
            const answer = await forward(port, incoming, body);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            return;
          } catch (error) {
            lastError = error;
            retries += 1;
            leave(port);
            if (attempt % upstreams.length === upstreams.length - 1)
              await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
        response.writeHead(502, { 'content-type': 'text/plain' });
        response.end(`no upstream answered: ${String(lastError)}`);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    retries: () => retries,
    outages: (port) => outages.get(port) ?? 0,
    out: () => upstreams.filter((port) => !ready.has(port)),
    close: () => {
      clearInterval(health);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A redis-server of the test's own on `port`, nothing saved. */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  for (let i = 0; i < 100; i++) {
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return child;
    } catch {
      probe.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`redis-server did not start on ${port}`);
}
