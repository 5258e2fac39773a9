/**
 * One Koa app for bench/observe/run.ts: `bare` (a router answering a small JSON) or `observed` (the
 * same behind observeRequests: the request id and its log context, the route-template histogram,
 * the access log line at LOG_LEVEL). Prints its port on stdout.
 */
import { createServer } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import { observeRequests } from '../../backend/platform/http/observe';
import { createLogger, type LogLevel } from '../../backend/platform/logging/logger';

const mode = process.argv[2] ?? 'bare';
const app = new Koa();
if (mode === 'observed')
  app.use(observeRequests({ logger: createLogger((process.env.LOG_LEVEL ?? 'info') as LogLevel), trustProxy: false }));
const router = new Router();
const body = JSON.stringify({ id: 'p1', name: 'Performer', online: true, tags: ['a', 'b', 'c'] });
router.get('/api/performers/:id', (ctx) => {
  ctx.type = 'application/json';
  ctx.body = body;
});
app.use(router.routes());
const server = createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
