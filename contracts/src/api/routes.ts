import { accountsRoutes } from './accounts';
import { platformRoutes } from './common';
import { packagesRoutes } from './packages';
import { adminsRoutes } from './admins';
import { statisticsRoutes } from './statistics';
import { aliasesRoutes } from './aliases';
import { offersRoutes } from './offers';
import { purchasesRoutes } from './purchases';
import { usersAdminRoutes } from './users-admin';
import { performersRoutes } from './performers';
import { galleryRoutes } from './gallery';
import { photosRoutes } from './photos';
import { filesRoutes } from './files';
import { presenceRoutes } from './presence';
import { sessionsRoutes } from './sessions';
import { sessionTalkRoutes } from './session-talk';
import { spiesRoutes } from './spies';
import { payoutsRoutes } from './payouts';
import { sepaRoutes } from './sepa';
import { adminMfaRoutes } from './admin-mfa';
import { chatRoutes } from './chat';
import { showsRoutes } from './shows';
import { whipRoutes } from './whip';
import { ticketShowsRoutes } from './ticket-shows';
import { refundsRoutes } from './refunds';
import { moderationRoutes } from './moderation';
import { ageVerificationRoutes } from './age-verification';
import { coPerformersRoutes } from './co-performers';
import type { RouteContract } from './route-contract';
import type { ApiPathName, apiPaths } from './paths';

export type {
  HttpMethod,
  RouteAuth,
  RoutePath,
  RouteAnswer,
  RouteBodyInput,
  RouteContract,
  RouteParamsInput,
  RouteQueryInput,
} from './route-contract';
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX, MFA_CODE_HEADER, mayRefuse } from './route-contract';

/** Every API route's contract, one map per module: the backend validates against it, the OpenAPI document is built from it. */
export const apiRoutes = {
  ...platformRoutes,
  ...accountsRoutes,
  ...packagesRoutes,
  ...adminsRoutes,
  ...statisticsRoutes,
  ...usersAdminRoutes,
  ...aliasesRoutes,
  ...purchasesRoutes,
  ...offersRoutes,
  ...performersRoutes,
  ...galleryRoutes,
  ...photosRoutes,
  ...filesRoutes,
  ...presenceRoutes,
  ...sessionsRoutes,
  ...sessionTalkRoutes,
  ...spiesRoutes,
  ...payoutsRoutes,
  ...sepaRoutes,
  ...adminMfaRoutes,
  ...chatRoutes,
  ...showsRoutes,
  ...whipRoutes,
  ...ticketShowsRoutes,
  ...refundsRoutes,
  ...moderationRoutes,
  ...ageVerificationRoutes,
  ...coPerformersRoutes,
} as const satisfies Record<string, RouteContract>;

export type ApiRouteName = keyof typeof apiRoutes;

/**
 * Each contract is its `apiPaths` entry spread: the same routes, and each one's method, path and
 * auth exactly those of the entry of its own name. A contract spreading another route's entry, or a
 * route missing on either side, fails the type check here, naming the route.
 */
type Unpaired = Exclude<ApiRouteName, ApiPathName> | Exclude<ApiPathName, ApiRouteName>;
type Misplaced = {
  [N in ApiRouteName & ApiPathName]: Pick<
    (typeof apiRoutes)[N],
    'method' | 'path' | 'auth'
  > extends (typeof apiPaths)[N]
    ? never
    : N;
}[ApiRouteName & ApiPathName];
type None<T extends never> = T;
export type RoutesSpreadTheirPaths = None<Unpaired | Misplaced>;
