export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * 'account': any signed-in session (user, performer or admin); 'userOrPerformer': a signed-in user
 * or performer and no admin (private talk between them); the handler checks the resource
 */
export type RouteAuth = 'public' | 'user' | 'performer' | 'admin' | 'account' | 'userOrPerformer';

/**
 * Where a route is and who may call it: the part of its contract that needs no schema. Each area's
 * `*.paths.ts` holds these and its zod contracts spread them, so the method and path are spelled once
 * and the frontend reads them (./paths) without zod.
 */
export interface RoutePath {
  method: HttpMethod;
  /** OpenAPI style path: /api/users/{id} */
  path: string;
  auth: RouteAuth;
}
