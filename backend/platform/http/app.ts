import { createServer, type RequestListener, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import type Router from '@koa/router';
import { koaBody } from 'koa-body';
import send from 'koa-send';
import serve from 'koa-static';
import type { Logger } from '../logging/logger';
import { notFound } from './errors';
import { oneRouter } from './one-router';
import { problemHandler } from './problem';
import { requestId } from './request-id';
import { securityHeaders } from './security-headers';

export interface HttpAppOptions {
  logger: Logger;
  production: boolean;
  bodyLimit: string;
  routers: Router[];
  /** built frontend to serve on the same origin (SPA: unknown non-API paths get index.html) */
  staticDir?: string;
  /** trust X-Forwarded-* from a reverse proxy (`TRUST_PROXY`; docker compose puts none in front by default) */
  proxy?: boolean;
}

export function createHttpApp(options: HttpAppOptions): Koa {
  const app = new Koa({ proxy: options.proxy ?? false });
  app.silent = true;
  app.use(requestId());
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
    }),
  );
  const router = oneRouter(options.routers);
  app.use(router.routes).use(router.allowedMethods);
  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw notFound(`No route ${ctx.method} ${ctx.path}`);
    await next();
  });
  if (options.staticDir && existsSync(path.join(options.staticDir, 'index.html'))) {
    const staticDir = options.staticDir;
    app.use(serve(staticDir, { maxage: 0, gzip: false }));
    app.use(async (ctx, next) => {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      await send(ctx, 'index.html', { root: staticDir });
    });
  }
  return app;
}

/** Listens on the port (0: any free one) and answers the port it got. */
export async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/**
 * The api's HTTP server before its Koa app exists: Socket.IO must find the listener in place when
 * it attaches (it keeps /socket.io away from Koa); `serve` plugs the app in (503 until then).
 */
export function deferredHttpServer(): { server: Server; serve(listener: RequestListener): void } {
  let listener: RequestListener = (_request, response) => response.writeHead(503).end();
  return { server: createServer((request, response) => listener(request, response)), serve: (app) => (listener = app) };
}
