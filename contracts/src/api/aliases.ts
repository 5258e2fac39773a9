import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/** Alias price, auracoin (docs/product.md#constants). */
export const ALIAS_PRICE_AURACOIN = 50;
export const ALIAS_NAME_MAX = 40;

export const UserIdParam = z.object({ userId: z.string().uuid() });

export const AliasView = z.object({
  id: z.string().uuid(),
  aliasName: z.string(),
  createdAt: z.string(),
  isActive: z.boolean(),
});
export type AliasView = z.infer<typeof AliasView>;

/** {aliasName, price (fixed 50)} (docs/product.md#api-aliases): the server charges its own price and refuses another. */
export const CreateAliasBody = z.object({
  aliasName: z.string().trim().min(1).max(ALIAS_NAME_MAX),
  price: z.literal(ALIAS_PRICE_AURACOIN),
});
export type CreateAliasBody = z.infer<typeof CreateAliasBody>;

export const aliasesRoutes = {
  listAliases: {
    ...apiPaths.listAliases,
    summary: "A user's aliases (own, or any for admins)",
    tag: 'aliases',
    refusals: [],
    params: UserIdParam,
    response: z.array(AliasView),
  },
  createAlias: {
    ...apiPaths.createAlias,
    summary: 'Buy an alias for 50 auracoin',
    tag: 'aliases',
    refusals: moduleRefusals.aliases,
    idempotencyKey: 'optional',
    params: UserIdParam,
    body: CreateAliasBody,
    response: AliasView,
    status: 201,
    secondFactor: 'fresh',
  },
  deleteAlias: {
    ...apiPaths.deleteAlias,
    summary: 'Delete an alias (its owner, or an admin)',
    tag: 'aliases',
    refusals: moduleRefusals.aliases,
    params: IdParam,
    response: z.object({ ok: z.literal(true) }),
    secondFactor: 'fresh',
  },
} as const satisfies Record<string, RouteContract>;
