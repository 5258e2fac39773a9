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
import { payoutsRoutes } from './payouts';
import { sepaRoutes } from './sepa';
import { adminMfaRoutes } from './admin-mfa';
import { chatRoutes } from './chat';
import { showsRoutes } from './shows';
import { refundsRoutes } from './refunds';
import type { RouteContract } from './route-contract';

export type {
  HttpMethod,
  RouteAnswer,
  RouteBodyInput,
  RouteContract,
  RouteParamsInput,
  RouteQueryInput,
} from './route-contract';
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX, MFA_CODE_HEADER } from './route-contract';

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
  ...payoutsRoutes,
  ...sepaRoutes,
  ...adminMfaRoutes,
  ...chatRoutes,
  ...showsRoutes,
  ...refundsRoutes,
} as const satisfies Record<string, RouteContract>;

export type ApiRouteName = keyof typeof apiRoutes;
