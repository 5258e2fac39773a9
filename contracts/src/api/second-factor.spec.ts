import { describe, expect, it } from '@jest/globals';
import type { RouteAuth } from './route-path';
import { apiRoutes, type ApiRouteName } from './routes';

/**
 * A second factor on every privileged act (docs/architecture.md#admin-mfa, issue 38 item 3): every
 * route an admin session may call with a method that changes something declares
 * `secondFactor: 'fresh'` in its contract, so that once she has enrolled a stolen password or
 * cookie alone moves no money, price, account or role. The gate (`admitsAdmin`) binds admin callers
 * only: on a route users or performers share, their own calls are unchanged.
 */

/** the sign-in levels an admin session passes (backend/platform/http/routes.ts `allowedKinds`) */
const ADMIN_REACHES: readonly RouteAuth[] = ['admin', 'user', 'performer', 'account'];
/** public routes whose handler has an admin branch: an admin creating a performer (approved at once) */
const PUBLIC_WITH_ADMIN_BRANCH: readonly ApiRouteName[] = ['createPerformer'];

/** the only mutating admin routes without a fresh code, each named with why */
const EXEMPT: Partial<Record<ApiRouteName, string>> = {
  adminVerify: 'signing in: the password, before any session',
  adminMfaEnroll: 'enrolment: she has no second factor yet',
  adminMfaConfirm: 'enrolment: confirmed with the first code of her app',
  logout: 'signing out',
};

const mutating = (method: string) => method !== 'get';

/** every route an admin session may call with a mutating method, and what it declares */
function adminMutatingRoutes() {
  return (Object.keys(apiRoutes) as ApiRouteName[])
    .map((name) => ({ name, route: apiRoutes[name] as (typeof apiRoutes)[ApiRouteName] & { secondFactor?: string } }))
    .filter(
      ({ name, route }) =>
        mutating(route.method) &&
        (ADMIN_REACHES.includes(route.auth) || PUBLIC_WITH_ADMIN_BRANCH.includes(name) || name in EXEMPT),
    )
    .map(({ name, route }) => ({
      name,
      method: route.method.toUpperCase(),
      path: route.path,
      auth: route.auth,
      secondFactor: route.secondFactor ?? null,
      exempt: EXEMPT[name] ?? null,
    }));
}

describe('a second factor on every privileged admin act', () => {
  const routes = adminMutatingRoutes();

  it('lists the admin routes that change money, prices, people or power', () => {
    const names = routes.map((route) => route.name);
    for (const name of [
      'createAdmin',
      'updateAdmin',
      'deleteAdmin',
      'resetAdminMfa',
      'createPackage',
      'updatePackage',
      'deletePackage',
      'createOffer',
      'endOffer',
      'updateUser',
      'deleteUser',
      'verifyPerformer',
      'deletePerformer',
      'createPerformer',
      'setPayoutDetails',
      'issueRefund',
      'runPayouts',
      'retryPayout',
      'markSepaFileSent',
    ] as const)
      expect(names).toContain(name);
    // reads are not listed
    expect(names).not.toContain('getStatistics');
    expect(names).not.toContain('listAdmins');
  });

  it("each declares secondFactor: 'fresh', but for the named exemptions", () => {
    const lacking = routes
      .filter((route) => route.exempt === null && route.secondFactor !== 'fresh')
      .map((route) => `${route.name} (${route.method} ${route.path})`);
    expect(lacking).toEqual([]);
  });

  it('the exemptions are routes that exist, never a fresh one, and open before enrolment only where enrolling needs it', () => {
    for (const [name, why] of Object.entries(EXEMPT)) {
      expect(apiRoutes).toHaveProperty(name);
      expect(why).not.toBe('');
      expect((apiRoutes[name as ApiRouteName] as { secondFactor?: string }).secondFactor).not.toBe('fresh');
    }
    const open = routes.filter((route) => route.secondFactor === 'none').map((route) => route.name);
    expect(open.sort()).toEqual(['adminMfaConfirm', 'adminMfaEnroll', 'logout']);
  });
});
