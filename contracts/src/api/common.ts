import { z } from 'zod';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';

export const IdParam = z.object({ id: z.string().uuid() });

/**
 * The price the user saw, in auracoin, as the UI showed it (docs/product.md#price-seen): a
 * session's per-minute rate, a message's price, a photo's price. When it is not her current price
 * the command is refused with 409 `price_changed` and the current price, and nothing happens.
 * Optional, so the original spec's bodies keep working; the frontend always sends it.
 */
export const ExpectedPrice = z.number().nonnegative().max(1_000_000);

export const Health = z.object({
  /** 'starting': the read models are still catching up with the log (503 until they have) */
  status: z.enum(['ok', 'starting', 'degraded']),
  adapters: z.record(z.string(), z.object({ adapter: z.string(), ok: z.boolean(), detail: z.string().optional() })),
});
export type Health = z.infer<typeof Health>;

export const platformRoutes = {
  health: {
    ...apiPaths.health,
    summary: 'Health of every adapter',
    tag: 'platform',
    refusals: [],
    response: Health,
  },
  openApi: {
    ...apiPaths.openApi,
    summary: 'This document: the API built from the route contracts',
    tag: 'platform',
    refusals: [],
    response: z.record(z.string(), z.unknown()),
  },
} as const satisfies Record<string, RouteContract>;
