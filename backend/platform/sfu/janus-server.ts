/**
 * Starts Debian's `/usr/bin/janus` for the Janus adapter's tests and `bench/show`: a generated
 * config folder (`-F`) with only the VideoRoom plugin and the WebSocket transport on 127.0.0.1 on a
 * free port, the HTTP and admin APIs off, an api secret, ICE on the loopback interface only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { PeerConfig } from 'werift';

export const JANUS_BINARY = '/usr/bin/janus';
const LIB = '/usr/lib/x86_64-linux-gnu/janus';

export interface JanusServer {
  url: string;
  apiSecret: string;
  pid: number;
  process: ChildProcess;
  /** the log Janus wrote so far (stdout and stderr) */
  log(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export const janusInstalled = () => existsSync(JANUS_BINARY);

/**
 * Janus gathers no candidate on a loopback interface, so its tests' peers use this host's own IPv4
 * address: the kernel delivers that traffic locally (it goes through lo, never on the wire).
 */
export function hostAddress(): string {
  for (const addresses of Object.values(networkInterfaces()))
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  throw new Error('no IPv4 address on this host for Janus');
}

/** werift peers that Janus can reach (see `hostAddress`) */
export const janusPeerConfig = (address = hostAddress()): Partial<PeerConfig> => ({
  iceUseIpv6: false,
  iceAdditionalHostAddresses: [address],
  iceInterfaceAddresses: { udp4: address },
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const otherPlugins = [
  'audiobridge',
  'duktape',
  'echotest',
  'lua',
  'nosip',
  'recordplay',
  'sip',
  'streaming',
  'textroom',
  'videocall',
  'voicemail',
].map((name) => `libjanus_${name}.so`);
const otherTransports = ['http', 'mqtt', 'nanomsg', 'pfunix', 'rabbitmq'].map((name) => `libjanus_${name}.so`);

export function janusConfigs(options: {
  port: number;
  apiSecret: string;
  rtpPortRange: string;
  folder: string;
  iceAddress: string;
}): Record<string, string> {
  return {
    'janus.jcfg': `general: {
  configs_folder = "${options.folder}"
  plugins_folder = "${LIB}/plugins"
  transports_folder = "${LIB}/transports"
  events_folder = "${LIB}/events"
  loggers_folder = "${LIB}/loggers"
  debug_level = 4
  api_secret = "${options.apiSecret}"
  session_timeout = 60
  protected_folders = ["/bin", "/boot", "/dev", "/etc", "/initrd", "/lib", "/lib32", "/lib64", "/proc", "/sbin", "/sys", "/usr", "/var"]
}
media: {
  rtp_port_range = "${options.rtpPortRange}"
}
nat: {
  ice_enforce_list = "${options.iceAddress}"
  ignore_mdns = true
}
plugins: {
  disable = "${otherPlugins.join(',')}"
}
transports: {
  disable = "${otherTransports.join(',')}"
}
loggers: {
  disable = "libjanus_jsonlog.so"
}
events: {
  broadcast = false
}
`,
    'janus.plugin.videoroom.jcfg': `general: {
  # rooms are created by the API alone, which holds the api secret; no RTP forwarders
  lock_rtp_forward = true
}
`,
    'janus.transport.websockets.jcfg': `general: {
  json = "plain"
  ws = true
  ws_port = ${options.port}
  ws_ip = "127.0.0.1"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
`,
  };
}

/** Starts Janus and waits until its WebSocket port answers. */
export async function startJanus(
  options: { rtpPortRange?: string; port?: number; apiSecret?: string } = {},
): Promise<JanusServer> {
  const folder = mkdtempSync(join(tmpdir(), 'aura-janus-'));
  const port = options.port ?? (await freePort());
  const apiSecret = options.apiSecret ?? randomBytes(16).toString('hex');
  for (const [name, text] of Object.entries(
    janusConfigs({
      port,
      apiSecret,
      rtpPortRange: options.rtpPortRange ?? '41000-41999',
      folder,
      iceAddress: hostAddress(),
    }),
  ))
    writeFileSync(join(folder, name), text);
  const child = spawn(
    JANUS_BINARY,
    ['-F', folder, '-C', join(folder, 'janus.jcfg'), '--disable-colors', '-L', join(folder, 'janus.log')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `ws://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (!/websockets server started/i.test(log)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`janus did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    apiSecret,
    pid: child.pid!,
    process: child,
    log: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
