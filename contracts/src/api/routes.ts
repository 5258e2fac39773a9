import { accountsRoutes } from './accounts';
import { platformRoutes } from './common';
import type { RouteContract } from './route-contract';

export type { HttpMethod, RouteContract } from './route-contract';

/** Every API route's contract, one map per module: the backend validates against it, the OpenAPI document is built from it. */
export const apiRoutes = {
  ...platformRoutes,
  ...accountsRoutes,
} as const satisfies Record<string, RouteContract>;

export type ApiRouteName = keyof typeof apiRoutes;
