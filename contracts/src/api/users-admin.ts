import { z } from 'zod';
import { UserView } from './accounts';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/** The largest balance an admin may set, auracoin. */
export const ADMIN_BALANCE_MAX = 10_000_000;

/**
 * Admin edit of a user's balance (PATCH /api/users/{id} {auracoinBalance},
 * docs/product.md#api-accounts). Auracoin, at most two decimals (minor units); recorded as an
 * AuracoinAdjusted event carrying the admin's id.
 */
export const UpdateUserBody = z.object({
  auracoinBalance: z
    .number()
    .min(0)
    .max(ADMIN_BALANCE_MAX)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      message: 'At most two decimals',
    }),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** One money movement on a wallet (auracoin, signed). */
export const LedgerEntryView = z.object({
  id: z.string(),
  type: z.enum(['AuracoinCredited', 'AuracoinDebited', 'AuracoinAdjusted']),
  amount: z.number(),
  reason: z.string(),
  reference: z.string().nullable(),
  at: z.string(),
  /** of `amount` (signed like it), purchased auracoin and promotional auracoin (the welcome coins, an admin's credit) */
  purchased: z.number(),
  promotional: z.number(),
  /** the wallet's purchased and promotional auracoin after this movement (they add up to the balance) */
  purchasedBalance: z.number(),
  promotionalBalance: z.number(),
  /** whose sale it paid for, or whose sale a refund gave back (null: none, or her account is gone) */
  performerName: z.string().nullable(),
  /** a package bought: the euro paid for it (null otherwise) */
  euro: z.number().nullable(),
});
export type LedgerEntryView = z.infer<typeof LedgerEntryView>;

export const usersAdminRoutes = {
  userLedger: {
    ...apiPaths.userLedger,
    summary: "A wallet's movements, newest first (own, or any for admins)",
    tag: 'users',
    refusals: [],
    params: IdParam,
    response: z.array(LedgerEntryView),
  },
  listUsers: {
    ...apiPaths.listUsers,
    summary: 'Every user (admin); deleted users are left out',
    tag: 'users',
    refusals: [],
    response: z.array(UserView),
  },
  updateUser: {
    ...apiPaths.updateUser,
    summary: "Set a user's auracoin balance (admin)",
    tag: 'users',
    refusals: moduleRefusals.users,
    params: IdParam,
    body: UpdateUserBody,
    response: UserView,
    secondFactor: 'fresh',
  },
  deleteUser: {
    ...apiPaths.deleteUser,
    summary: 'Delete a user: personal data anonymised, ledger kept (admin)',
    tag: 'users',
    refusals: moduleRefusals.users,
    params: IdParam,
    response: z.object({ ok: z.literal(true) }),
    secondFactor: 'fresh',
  },
} as const satisfies Record<string, RouteContract>;
