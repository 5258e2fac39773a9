/**
 * The local coturn (`/usr/bin/turnserver`) started with the product's own settings file
 * (`docker/coturn/turnserver.conf`, as compose mounts it). The command line sets only what a test
 * on loopback must: the listening and relay address, free ports, the secret, the log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TURNSERVER = '/usr/bin/turnserver';
export const TURN_CONF = join(__dirname, '../../docker/coturn/turnserver.conf');
export const turnserverAvailable = () => existsSync(TURNSERVER);

/** A UDP port free on loopback right now. */
export function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/** Several free UDP ports held at once, then released: a relay range nobody else holds right now. */
async function freeUdpRange(count: number): Promise<{ min: number; max: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const min = 20_000 + Math.floor(Math.random() * 40_000);
    const sockets = Array.from({ length: count }, () => createSocket('udp4'));
    const bound = await Promise.all(
      sockets.map(
        (socket, index) =>
          new Promise<boolean>((resolve) => {
            socket.once('error', () => resolve(false));
            socket.bind(min + index, '127.0.0.1', () => resolve(true));
          }),
      ),
    );
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve) => {
            try {
              socket.close(() => resolve());
            } catch {
              resolve();
            }
          }),
      ),
    );
    if (bound.every(Boolean)) return { min, max: min + count - 1 };
  }
  throw new Error('no free UDP range');
}

export interface LocalTurn {
  port: number;
  secret: string;
  realm: string;
  process: ChildProcess;
  /** what coturn logged (its refusals name the peer) */
  log(): string;
  stop(): Promise<void>;
}

/** Starts turnserver with the settings file; `extraArgs` only for what a test must add on top (named by each caller). */
export async function startTurnServer(options: { secret: string; extraArgs?: string[] }): Promise<LocalTurn> {
  const port = await freeUdpPort();
  const relay = await freeUdpRange(16);
  let output = '';
  const pidFile = join(tmpdir(), `turnserver-${process.pid}-${port}.pid`);
  const child = spawn(
    TURNSERVER,
    [
      '-c',
      TURN_CONF,
      '--log-file=stdout',
      '--simple-log',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      `--min-port=${relay.min}`,
      `--max-port=${relay.max}`,
      `--static-auth-secret=${options.secret}`,
      `--pidfile=${pidFile}`,
      ...(options.extraArgs ?? []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!/listener opened on|Total (UDP|General) servers/i.test(output)) {
    if (child.exitCode !== null) throw new Error(`turnserver exited: ${output.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`turnserver did not start: ${output.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    secret: options.secret,
    realm: 'aura.local',
    process: child,
    log: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => rm(pidFile, { force: true }).then(() => resolve());
        if (child.exitCode !== null) return void done();
        child.once('exit', () => void done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3_000).unref();
      }),
  };
}
