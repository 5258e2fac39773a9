import { createServer, type Server } from 'node:http';
import { listen } from '../http/app';
import type { Lifecycle } from '../process/lifecycle';
import { collectNodeDefaults, registry } from './metrics';

/**
 * GET /metrics (Prometheus text), /livez and /readyz on their own port (METRICS_PORT), never on the
 * public one: scrapers and health checks reach it inside the network, browsers never do.
 */
export async function startMetricsServer(
  port: number,
  host: string,
  lifecycle: Lifecycle,
): Promise<{ port: number; server: Server }> {
  collectNodeDefaults();
  const server = createServer((request, response) => {
    if (lifecycle.answer(request, response)) return;
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500, { 'Content-Type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  return { port: await listen(server, port, host), server };
}
