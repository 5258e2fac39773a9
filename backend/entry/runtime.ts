import { clockReading, systemClock, type Clock } from '../platform/clock';
import { ConfigError, loadConfig, type Config } from '../platform/config/config';
import { unknownRateLimits } from '../platform/config/rate-limits';
import { createPasswords, type Passwords } from '../platform/http/password';
import { doorRateLimits } from '../platform/http/rate-limit';
import { processSessions } from '../platform/http/session';
import { ageVerifierFrom } from '../platform/age/config';
import { createAgeProofs } from '../platform/age/proofs';
import { createLogger, type Logger } from '../platform/logging/logger';
import type { AuraModule, CommandSide, ModulePorts, ReadSide, WorkerSide } from '../kernel/module';
import { openOperations, type Operations } from '../platform/process/operations';
import { createRealtime, type Realtime } from '../platform/realtime/realtime';
import { commandSides, type CommandSides } from './command-sides';
import { openInfrastructure, type Infrastructure, type InfrastructureOptions } from './infrastructure';
import { readSides, type ReadSides } from './read-sides';
import { workerSides, type WorkerSides } from './worker-sides';

/** The processes of compose; `npm start` runs all three in one. */
export const ALL_ROLES = ['api', 'projector', 'worker'] as const;
export type Role = (typeof ALL_ROLES)[number];

/** One process's ports and the sides of the modules its roles run. */
export interface Runtime {
  config: Config;
  logger: Logger;
  infra: Infrastructure;
  ports: ModulePorts;
  roles: readonly Role[];
  /** by module: the read sides (every role that answers queries or projects), the command sides (api), the worker sides (worker) */
  modules: { reads: ReadSides; commands?: CommandSides; workers?: WorkerSides };
  sides: { reads: ReadSide[]; commands: CommandSide[]; workers: WorkerSide[] };
  realtime: Realtime;
  http?: Operations['http'];
  /** /livez, /readyz, METRICS_PORT and the drain of SIGTERM (docs/architecture.md#operations) */
  operations: Operations;
  /** drains, then stops the sides and closes the adapters */
  close(): Promise<void>;
}

/** `roles`: default all three (`npm start`); `http`: serve HTTP (the api role); `extraModules`: a test's own, as an entry line would add. */
export interface RuntimeOptions extends InfrastructureOptions {
  roles?: readonly Role[];
  http?: boolean;
  /** business time and its timers (default the system's); a test in this process gives its `createTestClock()` */
  clock?: Clock;
  /** @deprecated the time only (timers on the system's): give `clock` */
  now?: () => Date;
  /** password hashing (default OWASP's argon2id cost); a test in this process gives a cheap one, as no setting can */
  passwords?: Passwords;
  extraModules?: (ports: ModulePorts, modules: Runtime['modules']) => AuraModule[];
  /** a process entry's, opened before the adapters (`openProcess`) */
  operations?: Operations;
}

export async function openRuntime(config: Config, logger: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  const roles = options.roles ?? ALL_ROLES;
  // the old `now` option moves the modules' time only (adapters and sessions stay on the system's), as it always did
  const clock = options.clock ?? (options.now ? clockReading(options.now) : systemClock);
  const adaptersClock = options.clock ?? systemClock;
  const infra = await openInfrastructure(config, logger, {
    snapshotFaults: options.snapshotFaults,
    imageNetwork: options.imageNetwork,
    clock: adaptersClock,
    presenceWrites: roles.includes('api'),
  });
  let guards: CommandSide[] = [];
  const sessions = await processSessions(
    config,
    infra.revocations,
    async (principal) => {
      for (const side of guards) if (side.acceptsSession && !(await side.acceptsSession(principal))) return false;
      return true;
    },
    async (ctx, caller, route) => {
      for (const side of guards) await side.admitsAdmin?.(ctx, caller, route);
    },
    adaptersClock.nowMs,
    (secret) =>
      createAgeProofs({
        provider: config.AGE_VERIFICATION,
        verifier: ageVerifierFrom(config, secret),
        kv: infra.kv,
        secret,
        secure: config.production,
        production: config.production,
        nowMs: adaptersClock.nowMs,
        publicUrl: config.PUBLIC_URL,
      }),
  );
  const operations =
    options.operations ?? (await openOperations(config, logger, { http: Boolean(options.http), listen: false }));
  const http = operations.http;
  const realtime = createRealtime({ logger, redisUrl: config.REDIS_URL, httpServer: http?.server, sessions });
  sessions.onRevoked((revocation) => realtime.disconnect(revocation));
  const passwords = options.passwords ?? createPasswords();
  const ports: ModulePorts = { ...infra, sessions, realtime, config, logger, clock, passwords };

  const reads = readSides(ports);
  const commands = roles.includes('api') ? commandSides(ports, reads) : undefined;
  const workers = roles.includes('worker') ? workerSides(ports, reads) : undefined;
  const modules = { reads, commands, workers };
  const extra = options.extraModules?.(ports, modules) ?? [];
  const sides: Runtime['sides'] = {
    reads: [...Object.values(reads), ...extra],
    commands: [...Object.values(commands ?? {}), ...(commands ? extra : [])],
    workers: [...Object.values(workers ?? {}), ...(workers ? extra : [])],
  };
  guards = sides.commands;
  operations.attach(infra, realtime);
  realtime.onConnection((socket) => {
    for (const side of sides.commands) side.sockets?.(socket);
  });
  const everySide = [
    ...new Set<CommandSide | ReadSide | WorkerSide>([...sides.commands, ...sides.reads, ...sides.workers]),
  ];
  const runtime: Runtime = {
    config,
    logger,
    infra,
    ports,
    roles,
    modules,
    sides,
    realtime,
    http,
    operations,
    async close() {
      await operations.drain();
      for (const side of everySide) await side.stop?.();
      await realtime.close();
      await infra.close();
      await operations.close();
    },
  };
  const unknownLimits = commands && unknownRateLimits(config.RATE_LIMITS, rateLimitNames(sides.commands));
  if (unknownLimits) {
    await runtime.close();
    throw new ConfigError(`Invalid configuration:\n  ${unknownLimits.message}`);
  }
  return runtime;
}

/** Every rate limit an api process counts: the doors' and each command side's. */
function rateLimitNames(commands: CommandSide[]): string[] {
  return [...Object.keys(doorRateLimits), ...commands.flatMap((side) => Object.keys(side.rateLimits ?? {}))];
}

/** A process of compose (or `npm start`): its configuration, its logger named after it, and the sides of its roles. */
export async function openProcess(
  name: string,
  roles: readonly Role[],
  options: Omit<RuntimeOptions, 'roles'> = {},
): Promise<Runtime> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, { role: name });
  // a tool (a rebuild) opens no port: it may run beside the service whose ports it would take
  return openRuntime(config, logger, {
    ...options,
    roles,
    operations: await openOperations(config, logger, { http: Boolean(options.http), listen: name !== 'rebuild' }),
  });
}
