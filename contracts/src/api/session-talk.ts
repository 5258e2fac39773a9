import { z } from 'zod';
import { sessionParties } from '../events/sessions';
import { isTipAmount, tipAmountMessage } from '../rules/shows';
import { MessageContent } from './chat';
import { IdParam } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';

/**
 * Inside a private session (issue 40 item 5): its two parties write lines to each other and the
 * user tips her, live on both pages; the receipt lists the tips. A line follows the chat's rules
 * (`MessageContent`: not empty, at most `CHAT_MESSAGE_MAX` characters, no banned term), a tip the
 * shows' (`isTipAmount`).
 */

/** POST /api/sessions/{id}/messages */
export const SessionMessageBody = z.object({ text: MessageContent });
export type SessionMessageInput = z.input<typeof SessionMessageBody>;

/** POST /api/sessions/{id}/tips: auracoin, as a show's tip */
export const SessionTipBody = z.object({
  amount: z.number({ error: tipAmountMessage }).refine(isTipAmount, { message: tipAmountMessage }),
});
export type SessionTipInput = z.input<typeof SessionTipBody>;

/** A line as both parties see it: who wrote it by side and by the name the session shows (never an account id). */
export const SessionMessageView = z.object({
  id: z.string().uuid(),
  sessionId: z.string().uuid(),
  from: z.enum(sessionParties),
  displayName: z.string(),
  text: z.string(),
  postedAt: z.string(),
});
export type SessionMessageView = z.infer<typeof SessionMessageView>;

/** A tip as both parties see it: under the name he chose for the session. */
export const SessionTipView = z.object({
  id: z.string().uuid(),
  sessionId: z.string().uuid(),
  displayName: z.string(),
  /** auracoin */
  amount: z.number(),
  tippedAt: z.string(),
});
export type SessionTipView = z.infer<typeof SessionTipView>;

/** GET /api/sessions/{id}/messages: the session's lines and tips, oldest first (a reload of the page, the receipt). */
export const SessionTalkView = z.object({
  sessionId: z.string().uuid(),
  messages: z.array(SessionMessageView),
  tips: z.array(SessionTipView),
  /** auracoin tipped in the session */
  tipsTotal: z.number(),
});
export type SessionTalkView = z.infer<typeof SessionTalkView>;

export const SessionTipResult = z.object({
  tip: SessionTipView,
  /** the tipper's balance after it, auracoin (the session's hold included) */
  balance: z.number(),
});
export type SessionTipResult = z.infer<typeof SessionTipResult>;

export const sessionTalkRoutes = {
  postSessionMessage: {
    ...apiPaths.postSessionMessage,
    summary: 'A line to the other party of a running private session (its two parties only)',
    tag: 'sessions',
    refusals: ['banned_terms', 'session_not_active'],
    params: IdParam,
    body: SessionMessageBody,
    response: SessionMessageView,
    status: 201,
  },
  tipSession: {
    ...apiPaths.tipSession,
    summary:
      "The user tips her inside a running private session (a spend through the ledger from his available balance, never the session's hold; final)",
    tag: 'sessions',
    refusals: ['insufficient_balance', 'session_not_active', 'session_tip_user_only', 'wallet_frozen'],
    idempotencyKey: 'required',
    params: IdParam,
    body: SessionTipBody,
    response: SessionTipResult,
    status: 201,
  },
  sessionTalk: {
    ...apiPaths.sessionTalk,
    summary: "A private session's lines and tips, oldest first, to its two parties only",
    tag: 'sessions',
    refusals: [],
    params: IdParam,
    response: SessionTalkView,
  },
} as const satisfies Record<string, RouteContract>;
