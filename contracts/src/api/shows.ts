import { z } from 'zod';
import { ExpectedPrice, IdParam } from './common';
import type { RouteContract } from './route-contract';
import { ActStatementBody } from './moderation';
import {
  isTipAmount,
  SHOW_GOAL_DESCRIPTION_MAX,
  SHOW_GOAL_TARGET_MAX,
  SHOW_MESSAGE_MAX,
  SHOW_TITLE_MAX,
  showStatuses,
  TIP_MENU_LABEL_MAX,
  TIP_MENU_MAX,
  TIP_MESSAGE_MAX,
  tipAmountMessage,
} from '../rules/shows';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';
import { SHOW_THUMBNAIL_MAX_BYTES } from './files';
import { SHOW_FORM_MESSAGES } from '../forms/shows';
import { maxCharacters } from '../forms/common';

const uuid = z.string().uuid();

export const StartShowBody = z.object({
  title: z
    .string({ error: SHOW_FORM_MESSAGES.titleRequired })
    .trim()
    .min(1, SHOW_FORM_MESSAGES.titleRequired)
    .max(SHOW_TITLE_MAX, SHOW_FORM_MESSAGES.titleTooLong),
  /** who is on camera with her (issue 39 item 7): approved co-performers only, else 409 `co_performer_not_approved` */
  coPerformerIds: z.array(uuid).max(5).default([]),
});
export type StartShowInput = z.input<typeof StartShowBody>;

/** Her live show's new title: the same rules as going live's. */
export const RetitleShowBody = StartShowBody.pick({ title: true });
export type RetitleShowInput = z.input<typeof RetitleShowBody>;

export const TipMenuItemView = z.object({ id: uuid, label: z.string(), price: z.number() });
export type TipMenuItemView = z.infer<typeof TipMenuItemView>;

export const ShowGoalView = z.object({
  id: uuid,
  description: z.string(),
  /** auracoin */
  target: z.number(),
  /** auracoin tipped towards it so far (a carried-over surplus included) */
  progress: z.number(),
  deadline: z.string().nullable(),
});
export type ShowGoalView = z.infer<typeof ShowGoalView>;

/** What she sees of her own show (and admins): its figures. */
export const ShowSummary = z.object({
  durationSeconds: z.number().int(),
  peakViewers: z.number().int(),
  tipsCount: z.number().int(),
  /** auracoin tipped */
  tipsAmount: z.number(),
  /** her 55% share of the purchased part, euro cents */
  earningsCents: z.number().int(),
  goalsReached: z.number().int(),
});
export type ShowSummary = z.infer<typeof ShowSummary>;

export const ShowView = z.object({
  id: uuid,
  performerId: uuid,
  performerName: z.string(),
  title: z.string(),
  status: z.enum(showStatuses),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  viewerCount: z.number().int(),
  goal: ShowGoalView.nullable(),
  /** goals waiting behind the running one */
  queuedGoals: z.number().int(),
  tipMenu: z.array(TipMenuItemView),
  /** while live: the latest frame her browser sent (a new address each frame), else null */
  thumbnailUrl: z.string().nullable(),
  /** her own show (and admins): length, peak viewers, tips and earnings */
  summary: ShowSummary.optional(),
});
export type ShowView = z.infer<typeof ShowView>;

/** A running show as the admins' live monitoring lists it (issue 39 item 6). */
export const LiveShowView = ShowView.pick({
  id: true,
  performerId: true,
  performerName: true,
  title: true,
  status: true,
  startedAt: true,
  viewerCount: true,
  thumbnailUrl: true,
}).extend({
  /** the auracoin tipped in this show so far */
  tipsAmount: z.number(),
});
export type LiveShowView = z.infer<typeof LiveShowView>;

/** GET /api/admin/live: every running public show (hidden ones too) and how many private sessions run. */
export const AdminLiveView = z.object({
  shows: z.array(LiveShowView),
  privateSessions: z.number().int(),
});
export type AdminLiveView = z.infer<typeof AdminLiveView>;

export const TipMenuBody = z.object({
  items: z
    .array(
      z.object({
        label: z
          .string()
          .trim()
          .min(1, SHOW_FORM_MESSAGES.descriptionRequired)
          .max(TIP_MENU_LABEL_MAX, SHOW_FORM_MESSAGES.tipMenuLabelTooLong),
        price: z.number().refine(isTipAmount, { message: tipAmountMessage }),
      }),
    )
    .max(TIP_MENU_MAX, `Al massimo ${TIP_MENU_MAX} voci nel menu delle mance`),
});
export type TipMenuInput = z.input<typeof TipMenuBody>;
export const TipMenuView = z.object({ performerId: uuid, items: z.array(TipMenuItemView) });

export const GoalBody = z.object({
  description: z
    .string({ error: SHOW_FORM_MESSAGES.descriptionRequired })
    .trim()
    .min(1, SHOW_FORM_MESSAGES.descriptionRequired)
    .max(SHOW_GOAL_DESCRIPTION_MAX, SHOW_FORM_MESSAGES.goalDescriptionTooLong),
  target: z
    .number({ error: SHOW_FORM_MESSAGES.targetRequired })
    .positive(SHOW_FORM_MESSAGES.targetPositive)
    .max(SHOW_GOAL_TARGET_MAX)
    .refine((value) => Number.isInteger(value * 2), { message: SHOW_FORM_MESSAGES.targetSteps }),
  deadline: z
    .string()
    .datetime({ offset: true, message: 'Data e ora non valide' })
    .nullish()
    .transform((value) => value ?? null),
});
export type GoalInput = z.input<typeof GoalBody>;

export const TipBody = z.object({
  /** auracoin */
  amount: z.number({ error: tipAmountMessage }).refine(isTipAmount, { message: tipAmountMessage }),
  message: z
    .string()
    .trim()
    .max(TIP_MESSAGE_MAX, SHOW_FORM_MESSAGES.tipMessageTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
  /** a tip-menu item: the amount must be its price */
  menuItemId: uuid.nullish().transform((value) => value ?? null),
  /** tip as this alias (the room's identity is chosen once) */
  aliasId: uuid.nullish().transform((value) => value ?? null),
  expectedPrice: ExpectedPrice.optional(),
});
export type TipInput = z.input<typeof TipBody>;

export const ShowTipView = z.object({
  id: uuid,
  showId: uuid,
  /**
   * Who tipped, as her room knows him (his user id for his real name): only in her own view, the
   * admins' and his own answer; what visitors and other users see of a tip never carries it.
   */
  identityId: uuid.optional(),
  displayName: z.string(),
  amount: z.number(),
  message: z.string().nullable(),
  menuItemId: uuid.nullable(),
  menuItemLabel: z.string().nullable(),
  tippedAt: z.string(),
});
export type ShowTipView = z.infer<typeof ShowTipView>;

/** How many of a show's tippers its leaderboard names. */
export const SHOW_LEADERBOARD_SIZE = 10;

/**
 * A show's best tippers, most auracoin first (the first is the room's 'Re della stanza'): each
 * under the name or alias he tipped with, never with an account or identity id.
 */
export const ShowLeaderboardView = z.object({
  showId: uuid,
  tippers: z.array(
    z.object({
      rank: z.number().int().positive(),
      displayName: z.string(),
      /** auracoin tipped in this show under that name */
      amount: z.number(),
      tips: z.number().int().positive(),
    }),
  ),
});
export type ShowLeaderboardView = z.infer<typeof ShowLeaderboardView>;

export const TipResult = z.object({
  tip: ShowTipView,
  /** the tipper's balance after it, auracoin */
  balance: z.number(),
});

export const ShowMessageBody = z.object({
  content: z
    .string({ error: 'Scrivi un messaggio' })
    .trim()
    .min(1, 'Scrivi un messaggio')
    .refine((value) => [...value].length <= SHOW_MESSAGE_MAX, { message: maxCharacters(SHOW_MESSAGE_MAX) }),
  aliasId: uuid.nullish().transform((value) => value ?? null),
});
export type ShowMessageInput = z.input<typeof ShowMessageBody>;

export const ShowMessageView = z.object({
  id: uuid,
  showId: uuid,
  /**
   * Who wrote it, as her room knows him (his user id for his real name): only in her own view
   * (what her mute and ban buttons need), the admins' and the writer's own answer; what visitors
   * and other users see of a line, read or pushed, never carries it (issue 39 item 8).
   */
  identityId: uuid.optional(),
  displayName: z.string(),
  senderType: z.enum(['user', 'performer', 'admin']),
  content: z.string(),
  postedAt: z.string(),
});
export type ShowMessageView = z.infer<typeof ShowMessageView>;

export const ShowMessageParams = z.object({ id: uuid, messageId: uuid });
export const ShowIdentityBody = z.object({ identityId: uuid });
const Ok = z.object({ ok: z.literal(true) });

export const showsRoutes = {
  listShows: {
    ...apiPaths.listShows,
    summary: 'The live shows (live or paused), most viewers first',
    tag: 'shows',
    refusals: ['show_banned', 'show_ended', 'show_paused'],
    response: z.array(ShowView),
  },
  startShow: {
    ...apiPaths.startShow,
    summary: 'She goes live (409 when she already is)',
    tag: 'shows',
    refusals: moduleRefusals.shows,
    body: StartShowBody,
    response: ShowView,
    status: 201,
    secondFactor: 'fresh',
  },
  getShow: {
    ...apiPaths.getShow,
    summary: 'A show: status, viewers, goal, tip menu',
    tag: 'shows',
    refusals: ['show_banned', 'show_ended', 'show_paused'],
    params: IdParam,
    response: ShowView,
  },
  retitleShow: {
    ...apiPaths.retitleShow,
    summary: "She changes her live show's title (the room and the gallery see it at once)",
    tag: 'shows',
    refusals: moduleRefusals.shows,
    params: IdParam,
    body: RetitleShowBody,
    response: ShowView,
    // admins are refused by the policy (her title is hers); declared like every route an admin session reaches
    secondFactor: 'fresh',
  },
  endShow: {
    ...apiPaths.endShow,
    summary: 'She (or an admin, with a statement of reasons) ends the show',
    tag: 'shows',
    refusals: moduleRefusals.shows,
    params: IdParam,
    body: ActStatementBody,
    response: ShowView,
    secondFactor: 'fresh',
  },
  performerShows: {
    ...apiPaths.performerShows,
    summary: 'Her shows, newest first, with their summaries (herself or admin)',
    tag: 'shows',
    refusals: ['show_banned', 'show_ended', 'show_paused'],
    params: IdParam,
    response: z.array(ShowView),
  },
  tipShow: {
    ...apiPaths.tipShow,
    summary: 'Tip a live show (a spend through the ledger; final)',
    tag: 'shows',
    refusals: moduleRefusals.shows,
    idempotencyKey: 'required',
    params: IdParam,
    body: TipBody,
    response: TipResult,
    status: 201,
    secondFactor: 'fresh',
  },
  listShowTips: {
    ...apiPaths.listShowTips,
    summary: "The show's tips, newest last",
    tag: 'shows',
    refusals: ['show_banned', 'show_ended', 'show_paused'],
    params: IdParam,
    response: z.array(ShowTipView),
  },
  putShowThumbnail: {
    ...apiPaths.putShowThumbnail,
    summary: "Her live show's thumbnail: one JPEG frame of her stream (≤ 200 kB), sent every 15 s while she is live",
    tag: 'shows',
    refusals: moduleRefusals.shows,
    params: IdParam,
    upload: { kind: 'binary', maxBytes: SHOW_THUMBNAIL_MAX_BYTES },
    // admins are refused by the policy (only her browser sends it); declared like every route an admin session reaches
    secondFactor: 'fresh',
    response: z.object({ thumbnailUrl: z.string() }),
  },
  adminLive: {
    ...apiPaths.adminLive,
    summary:
      'Live monitoring: every running public show with its viewers, tips and latest thumbnail, and the private sessions running (admin)',
    tag: 'shows',
    refusals: [],
    response: AdminLiveView,
  },
  showLeaderboard: {
    ...apiPaths.showLeaderboard,
    summary: "The show's best tippers (the first is the room's 'Re della stanza')",
    tag: 'shows',
    refusals: ['show_banned', 'show_ended', 'show_paused'],
    params: IdParam,
    response: ShowLeaderboardView,
  },
  getTipMenu: {
    ...apiPaths.getTipMenu,
    summary: 'Her tip menu',
    tag: 'shows',
    refusals: ['show_banned', 'show_ended', 'show_paused'],
    params: IdParam,
    response: TipMenuView,
  },
  setTipMenu: {
    ...apiPaths.setTipMenu,
    summary: 'She sets her tip menu (at most 25 items)',
    tag: 'shows',
    refusals: moduleRefusals.shows,
    params: IdParam,
    body: TipMenuBody,
    response: TipMenuView,
    secondFactor: 'fresh',
  },
  setShowGoal: {
    ...apiPaths.setShowGoal,
    summary: 'She sets a goal (queued behind the running one)',
    tag: 'shows',
    refusals: moduleRefusals.shows,
    params: IdParam,
    body: GoalBody,
    response: ShowView,
    status: 201,
    secondFactor: 'fresh',
  },
  listShowMessages: {
    ...apiPaths.listShowMessages,
    summary: "The show's room chat (newest last)",
    tag: 'shows',
    refusals: ['show_banned', 'show_ended', 'show_paused'],
    params: IdParam,
    response: z.array(ShowMessageView),
  },
  postShowMessage: {
    ...apiPaths.postShowMessage,
    summary: 'Write in the room chat (signed in; as the real name or an alias chosen once per room)',
    tag: 'shows',
    refusals: moduleRefusals.shows,
    params: IdParam,
    body: ShowMessageBody,
    // an admin moderating a room signs each act, like every act of hers that changes something (issue 38 item 3)
    secondFactor: 'fresh',
    response: ShowMessageView,
    status: 201,
  },
  deleteShowMessage: {
    ...apiPaths.deleteShowMessage,
    summary: 'She or an admin deletes a line',
    tag: 'shows',
    refusals: moduleRefusals.shows,
    params: ShowMessageParams,
    // an admin moderating a room signs each act, like every act of hers that changes something (issue 38 item 3)
    secondFactor: 'fresh',
    response: Ok,
  },
  muteShowIdentity: {
    ...apiPaths.muteShowIdentity,
    summary: 'She or an admin mutes an identity for this show',
    tag: 'shows',
    refusals: moduleRefusals.shows,
    params: IdParam,
    body: ShowIdentityBody,
    // an admin moderating a room signs each act, like every act of hers that changes something (issue 38 item 3)
    secondFactor: 'fresh',
    response: Ok,
  },
  banShowIdentity: {
    ...apiPaths.banShowIdentity,
    summary: 'She or an admin bans an identity from her room (it can neither watch nor write)',
    tag: 'shows',
    refusals: moduleRefusals.shows,
    params: IdParam,
    body: ShowIdentityBody,
    // an admin moderating a room signs each act, like every act of hers that changes something (issue 38 item 3)
    secondFactor: 'fresh',
    response: Ok,
  },
} as const satisfies Record<string, RouteContract>;
