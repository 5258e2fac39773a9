import Router from '@koa/router';
import { apiRoutes, buildOpenApiDocument, type Health } from '@aura/contracts';
import type { AdapterHealth } from '../eventstore/port';
import { JsonText, mountRoute } from './routes';
import type { SessionManager } from './session';

export type HealthCheck = () => Promise<AdapterHealth>;

/** /api/health (every adapter) and /api/openapi.json (built from the contracts). */
export function platformRouter(sessions: SessionManager, checks: Record<string, HealthCheck>): Router {
  const router = new Router();
  let openApi: JsonText | undefined;
  mountRoute(router, sessions, apiRoutes.openApi, async () => (openApi ??= new JsonText(JSON.stringify(buildOpenApiDocument()))));
  mountRoute(router, sessions, apiRoutes.health, async (ctx) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const result = await check().catch((error: unknown) => ({ adapter: 'unknown', ok: false, detail: String(error) }));
        return [name, result] as const;
      }),
    );
    const adapters: Health['adapters'] = Object.fromEntries(entries);
    const ok = entries.every(([, result]) => result.ok);
    ctx.set('Cache-Control', 'no-store');
    // a degraded store answers 503 so orchestrators' health checks see it
    if (!ok) ctx.state.responseStatus = 503;
    return { status: ok ? ('ok' as const) : ('degraded' as const), adapters };
  });
  return router;
}
