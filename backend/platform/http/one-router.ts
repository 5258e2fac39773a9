import Router, { type Layer } from '@koa/router';
import type { Middleware } from 'koa';

/** distinct method + path pairs whose route is remembered (ids make paths unbounded: forgotten all at once when full) */
const ROUTES_KEPT = 2_000;

interface Routed {
  /** layers whose path matches, whatever their method (the allowed-methods answer reads them) */
  matched: Layer[];
  /** the matching layers' middleware, each after the params it sees, composed once */
  chain?: Middleware;
  /** the template of the route that answers (`/api/performers/:id`) */
  route?: string | RegExp;
}

/**
 * Every module's routes in one router, in their order, dispatched once per request from what is
 * remembered per method and path: the matching layers, their params and their composed
 * middleware. Mounted one router per module, a request to a route of the last module paid each
 * router's host check, path match over its whole table, chain composition and allowed-methods pass
 * (a third of a public read's time, docs/architecture.md#public-reads). As with @koa/router, the
 * first matching route answers, `ctx.params`, `ctx.routerPath` and `ctx._matchedRoute` are set, and a
 * path without a route for the method falls through (to `allowedMethods`, then the 404).
 */
export function oneRouter(routers: readonly Router[]): { routes: Middleware; allowedMethods: Middleware } {
  const router = new Router();
  for (const each of routers) router.stack.push(...each.stack);
  const known = new Map<string, Routed>();

  function routed(method: string, path: string): Routed {
    const key = `${method} ${path}`;
    const found = known.get(key);
    if (found) return found;
    const match = router.match(path, method);
    const steps: Middleware[] = [];
    let params: Record<string, string> = {};
    for (const layer of match.pathAndMethod) {
      const captures = layer.captures(path);
      const layerParams = (params = layer.params(path, captures, params));
      steps.push(
        (ctx, next) => {
          const routerContext = ctx as typeof ctx & {
            captures: string[];
            routerPath: string | RegExp;
            routerName?: string;
            _matchedRoute: string | RegExp;
            _matchedRouteName?: string;
          };
          routerContext.captures = captures;
          (ctx.request as typeof ctx.request & { params: Record<string, string> }).params = ctx.params = {
            ...layerParams,
          };
          routerContext.routerPath = layer.path;
          routerContext.routerName = layer.name || undefined;
          routerContext._matchedRoute = layer.path;
          if (layer.name) routerContext._matchedRouteName = layer.name;
          return next();
        },
        ...(layer.stack as Middleware[]),
      );
    }
    const route = match.pathAndMethod.toReversed().find((layer) => layer.methods.length > 0)?.path;
    const routing: Routed = { matched: match.path, chain: match.route ? chainOf(steps) : undefined, route };
    if (known.size >= ROUTES_KEPT) known.clear();
    known.set(key, routing);
    return routing;
  }

  const routes: Middleware = (ctx, next) => {
    const { matched, chain, route } = routed(ctx.method, ctx.path);
    const routerContext = ctx as typeof ctx & {
      matched: Layer[];
      router: Router;
      routeMatched: boolean;
      _matchedRoute?: string | RegExp;
    };
    routerContext.matched = [...matched];
    routerContext.router = router;
    routerContext.routeMatched = chain !== undefined;
    if (!chain) return next();
    if (route !== undefined) routerContext._matchedRoute = route;
    return chain(ctx, next);
  };
  return { routes, allowedMethods: router.allowedMethods() as Middleware };
}

/** The steps in order, each one's `next` the following one, the last one's the downstream (koa-compose, without its checks). */
function chainOf(steps: Middleware[]): Middleware {
  return (ctx, next) => {
    const run = (index: number): Promise<unknown> => {
      if (index === steps.length) return next();
      try {
        return Promise.resolve(steps[index]!(ctx, () => run(index + 1)));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return run(0);
  };
}
