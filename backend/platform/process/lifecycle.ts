import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HealthCheck } from '../http/platform-routes';

export type Phase = 'starting' | 'ready' | 'draining';

export interface Readiness {
  status: 200 | 503;
  body: { status: Phase | 'degraded'; checks?: Record<string, { ok: boolean; detail?: string; starting?: boolean }> };
}

/**
 * Where a process is in its life (docs/architecture.md#operations): `starting` until its entry says
 * ready, `draining` from SIGTERM on. GET /livez answers 200 while the process answers at all; GET
 * /readyz 200 only when ready and every check passes (adapters up, this process's own read models
 * caught up), else 503: a load balancer or orchestrator sends traffic only to ready replicas.
 */
export class Lifecycle {
  private current: Phase = 'starting';
  private readonly checks: Record<string, HealthCheck> = {};

  phase(): Phase {
    return this.current;
  }
  addChecks(checks: Record<string, HealthCheck>): void {
    Object.assign(this.checks, checks);
  }
  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }
  drain(): void {
    this.current = 'draining';
  }

  async readiness(): Promise<Readiness> {
    if (this.current !== 'ready') return { status: 503, body: { status: this.current } };
    const entries = await Promise.all(
      Object.entries(this.checks).map(async ([name, check]) => {
        const { ok, detail, starting } = await check().catch((error: unknown) => ({
          ok: false,
          detail: String(error),
          starting: false,
        }));
        return [name, { ok, ...(detail !== undefined && { detail }), ...(starting && { starting }) }] as const;
      }),
    );
    const checks = Object.fromEntries(entries);
    const failing = entries.filter(([, result]) => !result.ok);
    // checked again after the awaits: a drain that began meanwhile wins
    if (this.phase() !== 'ready') return { status: 503, body: { status: this.phase(), checks } };
    if (failing.length === 0) return { status: 200, body: { status: 'ready', checks } };
    // read models catching up with the log: on their way, not down
    return {
      status: 503,
      body: { status: failing.every(([, result]) => 'starting' in result) ? 'starting' : 'degraded', checks },
    };
  }

  /**
   * Answers GET/HEAD /livez and /readyz on a plain node:http request (before Koa, on the public port and
   * on the metrics port); false for any other request.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    const path = request.url?.split('?', 1)[0];
    if ((path !== '/livez' && path !== '/readyz') || (request.method !== 'GET' && request.method !== 'HEAD'))
      return false;
    const write = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        'Content-Length': Buffer.byteLength(text),
      });
      response.end(request.method === 'HEAD' ? undefined : text);
    };
    if (path === '/livez') write(200, { status: 'ok', phase: this.current });
    else
      this.readiness().then(
        ({ status, body }) => write(status, body),
        () => write(503, { status: 'degraded' }),
      );
    return true;
  }
}
