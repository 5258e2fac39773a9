import { z } from 'zod';
import { spyEndReasons } from '../events/spies';
import { IdParam } from './common';
import { moduleRefusals } from './refusals';
import type { RouteContract } from './route-contract';
import { IceConfig } from './sessions';
import { apiPaths } from './paths';

/** POST /api/sessions/{id}/spy: he starts watching her video in a private that allows spies. */
export const StartSpyBody = z.object({
  /** the price a minute he saw and confirmed, auracoin: 409 price_changed when it is not the private's */
  expectedPrice: z.number().nonnegative().optional(),
});
export type StartSpyBody = z.input<typeof StartSpyBody>;

/** A spy's watch of a private, as the spy sees it (never anything of the private's user). */
export const SpyView = z.object({
  spyId: z.string().uuid(),
  sessionId: z.string().uuid(),
  performerId: z.string().uuid(),
  status: z.enum(['watching', 'ended']),
  /** auracoin a minute */
  pricePerMinute: z.number(),
  /** the free start: leaving within it costs nothing */
  freeSeconds: z.number().int().nonnegative(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: z.enum(spyEndReasons).nullable(),
  minutesBilled: z.number().int().nonnegative(),
  /** auracoin charged so far */
  cost: z.number(),
  /** ICE servers for her video while he watches (TURN credentials named after this watch, never his account) */
  ice: IceConfig.nullable(),
});
export type SpyView = z.infer<typeof SpyView>;

/** GET /api/performers/{id}/spyable: her private that spies may watch right now. */
export const SpyableView = z.object({
  sessionId: z.string().uuid(),
  /** auracoin a minute */
  spyPrice: z.number(),
  freeSeconds: z.number().int().nonnegative(),
});
export type SpyableView = z.infer<typeof SpyableView>;

export const spiesRoutes = {
  startSpy: {
    ...apiPaths.startSpy,
    summary:
      "Spy on a running private that allows spies: her video only, billed a minute at the private's spy price (the first 10 s free)",
    tag: 'sessions',
    refusals: moduleRefusals.spies,
    idempotencyKey: 'required',
    params: IdParam,
    body: StartSpyBody,
    response: SpyView,
    status: 201,
    secondFactor: 'fresh',
  },
  endSpy: {
    ...apiPaths.endSpy,
    summary: 'The spy leaves: the minutes he owes are billed, his watch ends (again: the ended watch)',
    tag: 'sessions',
    refusals: moduleRefusals.spies,
    params: IdParam,
    response: SpyView,
    secondFactor: 'fresh',
  },
  getSpy: {
    ...apiPaths.getSpy,
    summary: "The caller's latest watch of this private: elapsed time, cost, and whether it still runs",
    tag: 'sessions',
    refusals: [],
    params: IdParam,
    response: SpyView,
  },
  performerSpyable: {
    ...apiPaths.performerSpyable,
    summary: 'Her running private that spies may watch, with its price a minute (404 when there is none)',
    tag: 'sessions',
    refusals: [],
    params: IdParam,
    response: SpyableView,
  },
} as const satisfies Record<string, RouteContract>;
