import Router from '@koa/router';
import { apiRoutes, buildOpenApiDocument, type Health } from '@aura/contracts';
import type { AdapterHealth } from '../eventstore/port';
import { JsonText, mountRoute } from './routes';
import type { SessionManager } from './session';

/** `starting`: not ready yet but on its way (read models catching up), rather than down */
export type HealthCheck = () => Promise<AdapterHealth & { starting?: boolean }>;

/**
 * /api/health (every adapter) and /api/openapi.json (built from the contracts). 200 'ok' when every
 * check is; 503 'starting' while the only ones not ok are on their way (the read models catching up
 * with the log), 503 'degraded' when one is down: orchestrators and `npm start`'s readiness wait for 200.
 */
export function platformRouter(
  sessions: SessionManager,
  checks: Record<string, HealthCheck>,
  publicUrl?: string,
): Router {
  const router = new Router();
  let openApi: JsonText | undefined;
  mountRoute(
    router,
    sessions,
    apiRoutes.openApi,
    async () => (openApi ??= new JsonText(JSON.stringify(buildOpenApiDocument(apiRoutes, publicUrl)))),
  );
  mountRoute(router, sessions, apiRoutes.health, async (ctx) => {
    const entries = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const result = await check().catch((error: unknown) => ({
          adapter: 'unknown',
          ok: false,
          detail: String(error),
          starting: false,
        }));
        return [name, result] as const;
      }),
    );
    const adapters: Health['adapters'] = Object.fromEntries(
      entries.map(([name, { adapter, ok, detail }]) => [
        name,
        { adapter, ok, ...(detail !== undefined && { detail }) },
      ]),
    );
    const failing = entries.filter(([, result]) => !result.ok);
    ctx.set('Cache-Control', 'no-store');
    // not ready answers 503 so orchestrators' health checks see it
    if (failing.length > 0) ctx.state.responseStatus = 503;
    const status =
      failing.length === 0
        ? ('ok' as const)
        : failing.every(([, result]) => result.starting)
          ? ('starting' as const)
          : ('degraded' as const);
    return { status, adapters };
  });
  return router;
}

/** /api/health's checks of a process's adapters and its Socket.IO. */
export function adapterChecks(
  adapters: Record<'eventStore' | 'readModels' | 'jobs' | 'kv', { health(): Promise<AdapterHealth> }>,
  realtime: { adapter: string; connectedSockets(): number },
): Record<string, HealthCheck> {
  return {
    eventStore: () => adapters.eventStore.health(),
    readModels: () => adapters.readModels.health(),
    jobs: () => adapters.jobs.health(),
    keyValue: () => adapters.kv.health(),
    realtime: async () => ({ adapter: realtime.adapter, ok: true, detail: `${realtime.connectedSockets()} sockets` }),
  };
}
