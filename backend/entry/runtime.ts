import { createServer, type RequestListener, type Server } from 'node:http';
import type { Config } from '../platform/config/config';
import { sessionSecret } from '../platform/http/session-secret';
import { createSessionManager, guardedSessions } from '../platform/http/session';
import type { Logger } from '../platform/logging/logger';
import type { AuraModule, ModulePorts } from '../platform/module';
import { createRealtime, type Realtime } from '../platform/realtime/realtime';
import { openInfrastructure, type Infrastructure, type InfrastructureOptions } from './infrastructure';
import { auraModules, type AuraModules } from './modules';

/** One process's ports and modules: what every role of the process runs on. */
export interface Runtime {
  config: Config;
  logger: Logger;
  infra: Infrastructure;
  ports: ModulePorts;
  modules: AuraModules;
  all: AuraModule[];
  realtime: Realtime;
  /** the api's HTTP server (Socket.IO attached), when the process serves HTTP; `serve` plugs the Koa app in */
  http?: { server: Server; serve(listener: RequestListener): void };
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** serve HTTP (the api role) */
  http?: boolean;
  now?: () => Date;
  /** modules beyond the product's (a test registers its own, as modules.ts would with one line) */
  extraModules?: (ports: ModulePorts, modules: AuraModules) => AuraModule[];
  /** tests: faults injected while a read-model snapshot is written */
  snapshotFaults?: InfrastructureOptions['snapshotFaults'];
}

export async function openRuntime(config: Config, logger: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  const infra = await openInfrastructure(config, logger, { snapshotFaults: options.snapshotFaults });
  const signed = createSessionManager({ secret: await sessionSecret(config), secure: config.production, revocations: infra.kv });
  let all: AuraModule[] = [];
  const sessions = guardedSessions(signed, async (principal) => {
    for (const module of all) if (module.acceptsSession && !(await module.acceptsSession(principal))) return false;
    return true;
  });
  // Socket.IO must find the HTTP listener in place when it attaches (it keeps /socket.io away from Koa)
  let listener: RequestListener = (_request, response) => response.writeHead(503).end();
  const server = options.http ? createServer((request, response) => listener(request, response)) : undefined;
  const realtime = createRealtime({ logger, redisUrl: config.REDIS_URL, httpServer: server, sessions });
  const ports: ModulePorts = { ...infra, sessions, realtime, config, logger, now: options.now ?? (() => new Date()) };
  const modules = auraModules(ports);
  all = [...Object.values(modules), ...(options.extraModules?.(ports, modules) ?? [])];
  realtime.onConnection((socket) => {
    for (const module of all) module.sockets?.(socket);
  });
  return {
    config,
    logger,
    infra,
    ports,
    modules,
    all,
    realtime,
    http: server && { server, serve: (app) => (listener = app) },
    async close() {
      for (const module of all) await module.stop?.();
      await realtime.close();
      if (server?.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      await infra.close();
    },
  };
}
