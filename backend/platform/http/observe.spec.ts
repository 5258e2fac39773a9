import { Writable } from 'node:stream';
import Router from '@koa/router';
import { inject, type DispatchFunc } from 'light-my-request';
import { errorMessages } from '@aura/contracts';
import { createLogger } from '../logging/logger';
import { logContext } from '../logging/context';
import { registry } from '../metrics/metrics';
import { createHttpApp } from './app';
import { notFound } from './errors';

function app(trustProxy: boolean, logger = createLogger('silent')) {
  const router = new Router();
  router.post('/api/things', (ctx) => {
    ctx.status = 201;
    ctx.body = { created: true };
  });
  router.get('/api/things/:id', (ctx) => {
    if (ctx.params.id === 'missing') throw notFound();
    ctx.body = { id: ctx.params.id, requestId: logContext()?.requestId };
  });
  return createHttpApp({
    logger,
    production: false,
    bodyLimit: '1mb',
    routers: [router],
    proxy: trustProxy,
  }).callback() as DispatchFunc;
}

/** The request driven through the app in process (no socket), its body parsed when it is JSON. */
async function get(handler: DispatchFunc, url: string, headers: Record<string, string> = {}) {
  const response = await inject(handler, { method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, body: parsed(response.body) };
}

const parsed = (body: string): unknown => (body ? JSON.parse(body) : undefined);

describe('a request as the HTTP stack observes it', () => {
  it("takes a trusted proxy's X-Request-Id, echoes it and hands it to the handler's log context", async () => {
    const response = await get(app(true), '/api/things/t1', { 'X-Request-Id': 'proxy-id-1' });
    expect(response.headers['x-request-id']).toBe('proxy-id-1');
    expect(response.body).toEqual({ id: 't1', requestId: 'proxy-id-1' });
  });

  it('makes its own id when no trusted proxy sent one, and names it in problem+json', async () => {
    const response = await get(app(false), '/api/things/missing', { 'X-Request-Id': 'spoofed-by-a-client' });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).toMatchObject({ requestId: id, detail: errorMessages.not_found });
    const insane = await get(app(true), '/api/things/t2', { 'X-Request-Id': 'not a sane id; DROP' });
    expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('times requests under their route template, never their ids; unknown paths under one label', async () => {
    await get(app(false), '/api/things/4f1c2a77-id-in-path');
    await get(app(false), '/api/nothing/here-7781');
    const text = await registry.getSingleMetricAsString('http_request_duration_seconds');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/things/:id",status="200"}');
    expect(text).toContain('route="unmatched",status="404"');
    expect(text).not.toContain('4f1c2a77');
    expect(text).not.toContain('here-7781');
  });

  it('logs a command and a refusal at info with the request id, a successful read only at debug', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const handler = app(false, createLogger('info', {}, stream));
    const created = await inject(handler, { method: 'POST', url: '/api/things', payload: { name: 'x' } });
    await get(handler, '/api/things/t3');
    await get(handler, '/api/things/missing');
    expect(lines.map((line) => [line.msg, line.route, line.status])).toEqual([
      ['command', '/api/things', 201],
      ['request refused', '/api/things/:id', 404],
    ]);
    expect(lines[0]).toMatchObject({
      level: 'info',
      component: 'http',
      method: 'POST',
      requestId: created.headers['x-request-id'],
    });
  });

  it('answers /metrics with 404 on the public port', async () => {
    expect((await get(app(false), '/metrics')).status).toBe(404);
  });
});
