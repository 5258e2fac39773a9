import { z } from 'zod';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';

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
    method: 'get',
    path: '/api/users/{userId}/aliases',
    summary: "A user's aliases (own, or any for admins)",
    tag: 'aliases',
    auth: 'user',
    params: UserIdParam,
    response: z.array(AliasView),
  },
  createAlias: {
    method: 'post',
    path: '/api/users/{userId}/aliases',
    summary: 'Buy an alias for 50 auracoin',
    tag: 'aliases',
    auth: 'user',
    idempotencyKey: 'optional',
    params: UserIdParam,
    body: CreateAliasBody,
    response: AliasView,
    status: 201,
  },
  deleteAlias: {
    method: 'delete',
    path: '/api/aliases/{id}',
    summary: 'Delete an alias (its owner, or an admin)',
    tag: 'aliases',
    auth: 'user',
    params: IdParam,
    response: z.object({ ok: z.literal(true) }),
  },
} as const satisfies Record<string, RouteContract>;
