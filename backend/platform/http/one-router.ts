import Router from '@koa/router';

/** distinct method + path pairs whose match is remembered (ids make paths unbounded: forgotten all at once when full) */
const MATCHES_KEPT = 2_000;

/**
 * Every module's routes in one router, in their order, each request's match looked up once per
 * method and path. Mounted one router per module, a request to a route of the last module paid
 * each router's host check, path match over its whole table and allowed-methods pass before it got
 * there (a third of a public read's time, docs/architecture.md#public-reads). The first route that
 * matches still answers, unknown methods on a known path still fall through to the 404.
 */
export function oneRouter(routers: readonly Router[]): Router {
  const router = new Router();
  for (const each of routers) router.stack.push(...each.stack);
  const match = router.match.bind(router);
  const matches = new Map<string, ReturnType<Router['match']>>();
  router.match = (path, method) => {
    const key = `${method} ${path}`;
    let found = matches.get(key);
    if (!found) {
      found = match(path, method);
      if (matches.size >= MATCHES_KEPT) matches.clear();
      matches.set(key, found);
    }
    // the router appends to ctx.matched: each request gets its own list
    return { path: [...found.path], pathAndMethod: found.pathAndMethod, route: found.route };
  };
  return router;
}
