import { createServer, type RequestListener, type Server } from 'node:http';
import type { Config } from '../platform/config/config';
import { sessionSecret } from '../platform/http/session-secret';
import { createSessionManager, guardedSessions } from '../platform/http/session';
import type { Logger } from '../platform/logging/logger';
import type { AuraModule, CommandSide, ModulePorts, ReadSide, WorkerSide } from '../platform/module';
import { createRealtime, type Realtime } from '../platform/realtime/realtime';
import { commandSides, presenceCommands, type CommandSides } from './command-sides';
import { openInfrastructure, type Infrastructure, type InfrastructureOptions } from './infrastructure';
import { readSides, type ReadSides } from './read-sides';
import { workerSides, type WorkerSides } from './worker-sides';

/** The processes of compose; `npm start` runs all three in one. */
export type Role = 'api' | 'projector' | 'worker';
export const ALL_ROLES: readonly Role[] = ['api', 'projector', 'worker'];

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
  /** the api's HTTP server (Socket.IO attached), when the process serves HTTP; `serve` plugs the Koa app in */
  http?: { server: Server; serve(listener: RequestListener): void };
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** the roles this process runs (default: all three, as `npm start`) */
  roles?: readonly Role[];
  /** serve HTTP (the api role) */
  http?: boolean;
  now?: () => Date;
  /** modules beyond the product's (a test registers its own, as an entry line would) */
  extraModules?: (ports: ModulePorts, modules: Runtime['modules']) => AuraModule[];
  /** tests: faults injected while a read-model snapshot is written */
  snapshotFaults?: InfrastructureOptions['snapshotFaults'];
}

export async function openRuntime(config: Config, logger: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  const roles = options.roles ?? ALL_ROLES;
  const infra = await openInfrastructure(config, logger, { snapshotFaults: options.snapshotFaults });
  const signed = createSessionManager({ secret: await sessionSecret(config), secure: config.production, revocations: infra.kv });
  let guards: CommandSide[] = [];
  const sessions = guardedSessions(signed, async (principal) => {
    for (const side of guards) if (side.acceptsSession && !(await side.acceptsSession(principal))) return false;
    return true;
  });
  // Socket.IO must find the HTTP listener in place when it attaches (it keeps /socket.io away from Koa)
  let listener: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = options.http ? createServer((request, response) => listener(request, response)) : undefined;
  const realtime = createRealtime({ logger, redisUrl: config.REDIS_URL, httpServer: server, sessions });
  const ports: ModulePorts = { ...infra, sessions, realtime, config, logger, now: options.now ?? (() => new Date()) };

  const presence = presenceCommands(ports);
  const reads = readSides(ports, presence.tracker);
  const commands = roles.includes('api') ? commandSides(ports, reads, presence) : undefined;
  const workers = roles.includes('worker') ? workerSides(ports) : undefined;
  const modules = { reads, commands, workers };
  const extra = options.extraModules?.(ports, modules) ?? [];
  const sides: Runtime['sides'] = {
    reads: [...Object.values(reads), ...extra],
    commands: [...Object.values(commands ?? {}), ...(commands ? extra : [])],
    workers: [...Object.values(workers ?? {}), ...(workers ? extra : [])],
  };
  guards = sides.commands;
  realtime.onConnection((socket) => {
    for (const side of sides.commands) side.sockets?.(socket);
  });
  const everySide = [...new Set<CommandSide | ReadSide | WorkerSide>([...sides.commands, ...sides.reads, ...sides.workers])];
  return {
    config,
    logger,
    infra,
    ports,
    roles,
    modules,
    sides,
    realtime,
    http: server && { server, serve: (app) => (listener = app) },
    async close() {
      for (const side of everySide) await side.stop?.();
      await realtime.close();
      if (server?.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      await infra.close();
    },
  };
}
