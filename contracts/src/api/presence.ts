import { z } from 'zod';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';

/** Who is here, from socket presence (no invented numbers). */
export const PresenceSummary = z.object({
  /** distinct people connected (signed-in accounts once each, plus anonymous visitors' connections) */
  onlineUsers: z.number().int().nonnegative(),
  performersOnline: z.number().int().nonnegative(),
  /** approved performers listed in the gallery (the hero's 'Performer') */
  performersApproved: z.number().int().nonnegative(),
});
export type PresenceSummary = z.infer<typeof PresenceSummary>;

/** The grace period after a performer's last connection drops before she is set offline. */
export const PRESENCE_GRACE_MS = 60_000;

export const presenceRoutes = {
  presence: {
    ...apiPaths.presence,
    summary: 'Online users and performers right now',
    tag: 'presence',
    refusals: [],
    response: PresenceSummary,
  },
} as const satisfies Record<string, RouteContract>;
