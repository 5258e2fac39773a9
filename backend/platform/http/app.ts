import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import type Router from '@koa/router';
import { HttpMethodEnum, koaBody } from 'koa-body';
import send from 'koa-send';
import serve from 'koa-static';
import type { Logger } from '../logging/logger';
import type { Lifecycle } from '../process/lifecycle';
import { notFound } from './errors';
import { observeRequests } from './observe';
import { oneRouter } from './one-router';
import { problemHandler } from './problem';
import { securityHeaders } from './security-headers';

export interface HttpAppOptions {
  logger: Logger;
  production: boolean;
  bodyLimit: string;
  routers: Router[];
  /** built frontend to serve on the same origin (SPA: unknown non-API paths get index.html) */
  staticDir?: string;
  /** trust X-Forwarded-* and X-Request-Id from a reverse proxy (`TRUST_PROXY`: compose's proxy overwrites them) */
  proxy?: boolean;
}

export function createHttpApp(options: HttpAppOptions): Koa {
  const app = new Koa({ proxy: options.proxy ?? false });
  app.silent = true;
  app.use(observeRequests({ logger: options.logger, trustProxy: options.proxy ?? false }));
  app.use(problemHandler(options.logger));
  app.use(securityHeaders({ production: options.production }));
  app.use(
    koaBody({
      json: true,
      jsonStrict: true,
      jsonLimit: options.bodyLimit,
      // the raw JSON text stays available (ctx.request.rawBody): signed webhooks are verified over it
      includeUnparsed: true,
      urlencoded: false,
      text: false,
      multipart: false,
      // an admin's DELETE carries its statement of reasons (DELETE /api/photos/{id})
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    }),
  );
  const router = oneRouter(options.routers);
  app.use(router.routes).use(router.allowedMethods);
  app.use(async (ctx, next) => {
    // /metrics lives on METRICS_PORT only: here it is no page of the frontend either
    if (ctx.path === '/api' || ctx.path.startsWith('/api/') || ctx.path === '/metrics') throw notFound();
    await next();
  });
  if (options.staticDir && existsSync(path.join(options.staticDir, 'index.html'))) {
    const staticDir = options.staticDir;
    app.use(
      serve(staticDir, {
        gzip: false,
        setHeaders: (response, file) => response.setHeader('Cache-Control', frontendCacheControl(staticDir, file)),
      }),
    );
    app.use(async (ctx, next) => {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      // a file of another build (a tab opened before a deploy) is gone: a 404, not the app's page as a script
      if (ctx.path.startsWith('/assets/')) throw notFound();
      ctx.set('Cache-Control', ASKED_AGAIN);
      await send(ctx, 'index.html', { root: staticDir });
    });
  }
  return app;
}

/** Kept for a year, never asked again: a file whose name carries a hash of its content. */
const KEPT = 'public, max-age=31536000, immutable';
/** Asked for again each time it is used. */
const ASKED_AGAIN = 'no-cache';

/**
 * How long a browser keeps `file` of the built frontend (in `staticDir`). Vite names what is under
 * assets/ after a hash of its content, and a new build names new files, so a phone downloads the app
 * once and opens it again without asking (docs/architecture.md#operations); index.html, which names
 * the build's assets, and the other files, whose names stay, are asked again every time.
 */
export function frontendCacheControl(staticDir: string, file: string): string {
  const inside = path.relative(staticDir, file).split(path.sep);
  return inside.length > 1 && inside[0] === 'assets' ? KEPT : ASKED_AGAIN;
}

/** Listens on the port (0: any free one) and answers the port it got; one listening already answers its own. */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  if (!server.listening)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

export interface ApiServer {
  server: Server;
  /** plugs the Koa app in (503 with Retry-After until then) */
  serve(listener: RequestListener): void;
  /** requests being answered now */
  inFlight(): number;
  /**
   * Stops taking connections and waits for the requests in flight, at most `timeoutMs`; answers meanwhile
   * say `Connection: close`, so keep-alive clients (a proxy) open their next one elsewhere. Then every
   * connection still open (a WebSocket whose peer has not finished closing, a keep-alive one a request
   * reached after the wait) is given CLOSE_GRACE_MS to end and is then cut: the server's close, which
   * waits for each connection, must not outlast the process's stop (docs/architecture.md#operations).
   * Answers how many connections it cut.
   */
  drain(timeoutMs: number): Promise<{ cut: number }>;
}

const CLOSE_GRACE_MS = 1_000;

/**
 * The api's HTTP server before its Koa app exists: Socket.IO must find the listener in place when
 * it attaches (it keeps /socket.io away from Koa), and /livez and /readyz answer from the moment it
 * listens (an entry listens before it opens its adapters: 503 `starting` meanwhile).
 */
export function deferredHttpServer(lifecycle?: Lifecycle): ApiServer {
  let listener: RequestListener = (_request, response) => response.writeHead(503, { 'Retry-After': '1' }).end();
  const inFlight = new Set<ServerResponse>();
  const connections = new Set<Socket>();
  let changed = () => undefined as void;
  const closing = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  const server = createServer((request, response) => {
    if (lifecycle?.answer(request, response)) return;
    inFlight.add(response);
    if (lifecycle?.phase() === 'draining') closing(response);
    response.once('close', () => {
      inFlight.delete(response);
      changed();
    });
    listener(request, response);
  });
  server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      changed();
    });
  });
  /** resolves once `done()` holds (checked on every close of a response or connection) or after `ms` */
  const settle = (done: () => boolean, ms: number) =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        changed = () => undefined;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      changed = () => {
        if (done()) finish();
      };
      changed();
    });
  return {
    server,
    serve: (app) => (listener = app),
    inFlight: () => inFlight.size,
    async drain(timeoutMs) {
      if (server.listening) server.close();
      server.closeIdleConnections();
      inFlight.forEach(closing);
      await settle(() => inFlight.size === 0, timeoutMs);
      server.closeIdleConnections();
      await settle(() => connections.size === 0, CLOSE_GRACE_MS);
      const left = [...connections];
      for (const socket of left) socket.destroy();
      return { cut: left.length };
    },
  };
}
