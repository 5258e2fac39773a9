import { z } from 'zod';
import { ExpectedPrice, IdParam } from './common';
import type { RouteContract } from './route-contract';
import { sessionEndReasons } from '../events/sessions';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/** The user asks a performer for a private session, as themself or as one of their active aliases. */
export const RequestSessionBody = z.object({
  performerId: z.string().uuid(),
  aliasId: z
    .string()
    .uuid()
    .nullish()
    .transform((value) => value ?? null),
  /** the per-minute rate he saw (auracoin/min): the rate is what a session's price is */
  expectedPrice: ExpectedPrice.optional(),
});
export type RequestSessionBody = z.input<typeof RequestSessionBody>;

export const sessionStatuses = ['requested', 'active', 'ended', 'declined', 'expired'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/**
 * A session as one of its two parties sees it. Nothing here names the user: the performer knows
 * the identity (alias id or user id, and its display name) the user chose.
 */
export const SessionView = z.object({
  id: z.string().uuid(),
  status: z.enum(sessionStatuses),
  /** which side the caller is */
  role: z.enum(['user', 'performer']),
  performer: z.object({ id: z.string().uuid(), name: z.string(), image: z.string() }),
  /** who the user is to her ('chatting as'): aliasId ?? userId, and its name */
  identity: z.object({ id: z.string().uuid(), displayName: z.string() }),
  /** auracoin per minute, fixed when requested */
  ratePerMinute: z.number(),
  /** spies may watch her video at this price a minute (null: no spies, her media stays peer-to-peer) */
  spyPrice: z.number().nullable().optional(),
  minimumMinutes: z.number().int(),
  /** rate × minimum minutes, auracoin */
  minimumAuracoin: z.number(),
  /** one billed minute, ms (the session page's clock) */
  billingMinuteMs: z.number().int(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  minutesBilled: z.number().int(),
  /** minutes paid for: the started ones plus, when the user left before the minimum, the rest of it (what the ledger charged) */
  minutesCharged: z.number().int(),
  /** what the user has been charged so far, auracoin */
  costAuracoin: z.number(),
  /** what he tipped her inside the session, auracoin (not part of its cost; issue 40 item 5) */
  tipsAuracoin: z.number(),
  endReason: z.enum([...sessionEndReasons, 'declined', 'busy', 'expired']).nullable(),
  endedBy: z.enum(['user', 'performer', 'system']).nullable(),
  /**
   * the wallet cannot pay the minute after the current one: 'Ti resta 1 minuto'. The user's only:
   * the performer's view says nothing about his balance (absent)
   */
  lastMinute: z.boolean().optional(),
  /** the other party's connection dropped and the grace period runs */
  counterpartAway: z.boolean(),
  /** the performer's 55% of this session so far, euro (null for the user) */
  performerEarnings: z.number().nullable(),
  /**
   * what the minimum earns her, euro cents: her 55% of the purchased auracoin the request's hold took
   * (promotional coins earn nothing: 0). Her view only (null for the user). Issue 38 item 8.
   */
  performerEarningsCents: z.number().int().nonnegative().nullable(),
  /** the user may rate it: over, and purchased auracoin were spent in it (his view only). Issue 38 item 6. */
  canRate: z.boolean().optional(),
});
export type SessionView = z.infer<typeof SessionView>;

/** What a party's RTCPeerConnection is configured with; TURN credentials are short-lived. */
export const IceConfig = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  /** 'relay' whenever TURN is configured: neither party may learn the other's address */
  iceTransportPolicy: z.enum(['all', 'relay']),
  /**
   * when the TURN credentials expire (null: none were signed): no later than the session can still
   * run plus a short margin, at most 10 minutes; the page fetches them again before
   */
  expiresAt: z.string().nullable(),
});
export type IceConfig = z.infer<typeof IceConfig>;

/** POST /api/sessions/{id}/rating: the user of a paid private session rates it once. */
export const RatingBody = z.object({
  stars: z.number().int().min(1).max(5),
  comment: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type RatingInput = z.input<typeof RatingBody>;

export const RatingView = z.object({
  sessionId: z.string().uuid(),
  performerId: z.string().uuid(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  ratedAt: z.string(),
});
export type RatingView = z.infer<typeof RatingView>;

export const sessionsRoutes = {
  requestSession: {
    ...apiPaths.requestSession,
    summary:
      'Ask a performer for a private video session (the minimum is held; 409 price_changed when expectedPrice is not her rate)',
    tag: 'sessions',
    refusals: moduleRefusals.sessions,
    body: RequestSessionBody,
    response: SessionView,
    status: 201,
    secondFactor: 'fresh',
  },
  listOpenSessions: {
    ...apiPaths.listOpenSessions,
    summary: "The caller's requested and active sessions (user or performer)",
    tag: 'sessions',
    refusals: ['blocked'],
    response: z.object({ sessions: z.array(SessionView) }),
  },
  getSession: {
    ...apiPaths.getSession,
    summary: 'A session, to its two parties only',
    tag: 'sessions',
    refusals: ['blocked'],
    params: IdParam,
    response: SessionView,
  },
  acceptSession: {
    ...apiPaths.acceptSession,
    summary: 'The performer accepts a request: minute 1 is billed',
    tag: 'sessions',
    refusals: moduleRefusals.sessions,
    params: IdParam,
    response: SessionView,
    secondFactor: 'fresh',
  },
  declineSession: {
    ...apiPaths.declineSession,
    summary: 'The performer declines a request: the hold is released',
    tag: 'sessions',
    refusals: moduleRefusals.sessions,
    params: IdParam,
    response: SessionView,
    secondFactor: 'fresh',
  },
  endSession: {
    ...apiPaths.endSession,
    summary: 'Either party ends the session (the user may withdraw a request)',
    tag: 'sessions',
    refusals: moduleRefusals.sessions,
    params: IdParam,
    response: SessionView,
    secondFactor: 'fresh',
  },
  rateSession: {
    ...apiPaths.rateSession,
    summary: 'The user rates a paid private session he had, once (409 the second time)',
    tag: 'sessions',
    refusals: moduleRefusals.sessions,
    params: IdParam,
    body: RatingBody,
    response: RatingView,
    status: 201,
    secondFactor: 'fresh',
  },
  sessionIceConfig: {
    ...apiPaths.sessionIceConfig,
    summary:
      'ICE servers for a running session, to its two parties, with TURN credentials that expire with it (409 before it runs and after it ends)',
    tag: 'sessions',
    refusals: ['blocked', 'session_not_active'],
    params: IdParam,
    response: IceConfig,
  },
} as const satisfies Record<string, RouteContract>;

const Sdp = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(20_000) });
const Candidate = z.object({
  candidate: z.string().max(1_000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});

/** One WebRTC signalling message, sent to the server for the session's other party only. */
export const SessionSignal = z
  .object({
    sessionId: z.string().uuid(),
    description: Sdp.optional(),
    /** null: this side's candidates are complete */
    candidate: Candidate.nullable().optional(),
  })
  .refine((message) => message.description !== undefined || message.candidate !== undefined, {
    message: 'description or candidate',
  });
export type SessionSignal = z.infer<typeof SessionSignal>;
