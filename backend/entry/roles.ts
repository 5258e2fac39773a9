import { createServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import type { Config } from '../platform/config/config';
import { createHttpApp } from '../platform/http/app';
import { platformRouter } from '../platform/http/platform-routes';
import { createSessionManager } from '../platform/http/session';
import type { Logger } from '../platform/logging/logger';
import { createProjectionRunner } from '../platform/projections/runner';
import { createRealtime, type Realtime } from '../platform/realtime/realtime';
import { sessionSecret, type Infrastructure } from './infrastructure';
import { registerJobs } from '../workers';
import { activeSessions, attachRealtime, projections, realtimePushes, routers } from './modules';

export const FRONTEND_DIST = path.resolve(__dirname, '../../frontend/dist');

export interface RoleOptions {
  config: Config;
  logger: Logger;
  infra: Infrastructure;
  now?: () => Date;
}

/** Koa commands + queries + Socket.IO on one HTTP server; serves the built frontend when asked. */
export async function startApi(options: RoleOptions & { serveFrontend: boolean; realtime?: Realtime }) {
  const { config, logger, infra } = options;
  const now = options.now ?? (() => new Date());
  const sessions = activeSessions(
    infra,
    createSessionManager({ secret: await sessionSecret(config), secure: config.production, revocations: infra.kv }),
  );
  // Socket.IO must find the HTTP listener in place when it attaches, so it can keep /socket.io
  // requests away from Koa; the listener forwards to the app built below.
  let handleRequest: RequestListener = (_request, response) => response.writeHead(503).end();
  const server: Server = createServer((request, response) => handleRequest(request, response));
  const realtime = createRealtime({ logger, redisUrl: config.REDIS_URL, httpServer: server, sessions });
  attachRealtime(infra, realtime);
  const app = createHttpApp({
    logger,
    production: config.production,
    bodyLimit: config.BODY_LIMIT,
    staticDir: options.serveFrontend ? FRONTEND_DIST : undefined,
    routers: [
      platformRouter(sessions, {
        eventStore: () => infra.eventStore.health(),
        readModels: () => infra.readModels.health(),
        jobs: () => infra.jobs.health(),
        keyValue: () => infra.kv.health(),
        realtime: async () => ({ adapter: realtime.adapter, ok: true, detail: `${realtime.connectedSockets()} sockets` }),
      }),
      ...routers(infra, sessions, now),
    ],
  });
  handleRequest = app.callback();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return {
    server,
    port,
    realtime,
    async close() {
      await realtime.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Subscribes every projection from its checkpoint and pushes changes to clients. */
export async function startProjector(options: RoleOptions & { realtime: Realtime }) {
  const runner = createProjectionRunner({
    eventStore: options.infra.eventStore,
    readModels: options.infra.readModels,
    projections: projections(options.infra),
    onApplied: realtimePushes(options.infra, options.realtime),
    logger: options.logger.child({ component: 'projector' }),
  });
  await runner.start();
  return runner;
}

/** Processes jobs (per-minute billing, payouts, checks) registered by the modules. */
export async function startWorker(options: RoleOptions) {
  registerJobs(options.infra.jobs, { eventStore: options.infra.eventStore, kv: options.infra.kv, now: options.now ?? (() => new Date()) });
  await options.infra.jobs.start();
}
