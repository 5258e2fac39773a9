import { z } from 'zod';
import { chatParties } from '../events/chat';
import {
  CHAT_MESSAGE_MAX,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  messageProblem,
  normalizeMessage,
} from '../rules/chat';
import { UserIdParam } from './aliases';
import { ExpectedPrice } from './common';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/** The performer as a conversation embeds her (spec: name, image, username), live. */
export const ConversationPerformer = z.object({
  name: z.string(),
  image: z.string(),
  username: z.string().nullable(),
  isOnline: z.boolean(),
  /** auracoin a user's message costs her counterpart (0: free) */
  messagePrice: z.number(),
});

/**
 * A conversation as one of its two parties sees it. To the performer, the user is only the identity
 * chosen: `userId` and `identityId` are the identity's id (an alias id for an alias), `aliasId` is
 * null and `user.username` is the identity's display name.
 */
export const ConversationView = z.object({
  id: z.string().uuid(),
  /** the user's own id in their answers; the identity's id in the performer's */
  userId: z.string().uuid(),
  performerId: z.string().uuid(),
  /** `identityIdOf`: the alias id, or the user id for the real name */
  identityId: z.string().uuid(),
  /** the alias the user chose (null: their real name); always null in the performer's answers */
  aliasId: z.string().uuid().nullable(),
  createdAt: z.string(),
  /** the newest message, null before the first */
  lastMessageAt: z.string().nullable(),
  lastMessage: z.object({ senderType: z.enum(chatParties), content: z.string() }).nullable(),
  /** the caller's unread messages in it (sent by the other party) */
  unreadCount: z.number().int().nonnegative(),
  performer: ConversationPerformer,
  /** `username` is the identity's display name: the username, or the alias name */
  user: z.object({ username: z.string() }),
  /** the performer blocked this identity: nothing can be sent */
  blocked: z.boolean(),
  /** the alias was deleted, or an account is gone: history only */
  closed: z.boolean(),
});
export type ConversationView = z.infer<typeof ConversationView>;

export const MessageView = z.object({
  id: z.string().uuid(),
  conversationId: z.string().uuid(),
  /** the identity's id for a user's message, the performer's id for hers */
  senderId: z.string().uuid(),
  senderType: z.enum(chatParties),
  /** plain text, shown as text */
  content: z.string(),
  createdAt: z.string(),
  /** the recipient has read it */
  isRead: z.boolean(),
  /** auracoin the user paid for it (0 for the performer's replies and free messages) */
  price: z.number(),
});
export type MessageView = z.infer<typeof MessageView>;

export const StartConversationBody = z.object({
  performerId: z.string().uuid(),
  /** one of the caller's active aliases; absent or null: their real name */
  aliasId: z.string().uuid().nullish(),
});
export type StartConversationBody = z.infer<typeof StartConversationBody>;

/** The content's rule (contracts/src/rules/chat.ts), with the form's Italian messages. */
export const MessageContent = z
  .string()
  .superRefine((content, ctx) => {
    const problem = messageProblem(content);
    if (problem === 'empty') ctx.addIssue({ code: 'custom', message: 'Scrivi un messaggio' });
    if (problem === 'too_long') ctx.addIssue({ code: 'custom', message: `Massimo ${CHAT_MESSAGE_MAX} caratteri` });
  })
  .transform(normalizeMessage);

/**
 * The body as docs/product.md#api-chat lists it: {conversationId, senderId, senderType, content}.
 * The server knows the sender from the session: `senderType` must be the caller's kind and
 * `senderId` the caller (a user may name their identity id). `clientMessageId` (or the
 * Idempotency-Key header) makes a retried send store and charge once.
 */
export const SendMessageBody = z.object({
  conversationId: z.string().uuid(),
  senderId: z.string().uuid(),
  senderType: z.enum(chatParties),
  content: MessageContent,
  clientMessageId: z.string().trim().min(1).max(200).optional(),
  /** a user's message: the price he saw (auracoin, 0 when free); her replies ignore it */
  expectedPrice: ExpectedPrice.optional(),
});
export type SendMessageInput = z.input<typeof SendMessageBody>;

export const ConversationIdParam = z.object({ conversationId: z.string().uuid() });
export const MarkReadParams = z.object({ conversationId: z.string().uuid(), userId: z.string().uuid() });

const pageSize = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const ListConversationsQuery = z.object({
  /** whose list: the caller's kind when absent */
  userType: z.enum(chatParties).optional(),
  limit: pageSize(CONVERSATIONS_PAGE_DEFAULT, CONVERSATIONS_PAGE_MAX),
  /** the next page: conversations active before this ISO time */
  before: z.string().datetime().optional(),
});

/**
 * Paging a long history, always answered oldest first: the newest `limit` messages; `before` a
 * message id for the page before it; `after` a message id for everything since (a reconnect).
 */
export const ListMessagesQuery = z.object({
  limit: pageSize(MESSAGES_PAGE_DEFAULT, MESSAGES_PAGE_MAX),
  before: z.string().uuid().optional(),
  after: z.string().uuid().optional(),
});
export type ListMessagesQuery = z.input<typeof ListMessagesQuery>;

export const MarkReadResult = z.object({
  conversationId: z.string().uuid(),
  reader: z.enum(chatParties),
  /** messages marked read by this call */
  marked: z.number().int().nonnegative(),
  /** the reader's unread messages left in it */
  unreadCount: z.number().int().nonnegative(),
});

export const UnreadCounts = z.object({
  total: z.number().int().nonnegative(),
  /** conversation id → unread messages (only conversations with some) */
  byConversation: z.record(z.string(), z.number().int().positive()),
});
export type UnreadCounts = z.infer<typeof UnreadCounts>;

/** Answers a page of messages carry: more older ones exist (header `X-Has-More: true`). */
export const HAS_MORE_HEADER = 'x-has-more';

export const chatRoutes = {
  startConversation: {
    ...apiPaths.startConversation,
    summary: 'Open (201) or find (200) the conversation of an identity of the caller with a performer',
    tag: 'chat',
    refusals: moduleRefusals.chat,
    body: StartConversationBody,
    response: ConversationView,
    status: 201,
    secondFactor: 'fresh',
  },
  listConversations: {
    ...apiPaths.listConversations,
    summary: "The caller's conversations, newest activity first (userType user or performer)",
    tag: 'chat',
    refusals: ['blocked', 'conversation_closed'],
    params: UserIdParam,
    query: ListConversationsQuery,
    response: z.array(ConversationView),
  },
  listMessages: {
    ...apiPaths.listMessages,
    summary: 'Messages of a conversation of the caller, oldest first, paged (header X-Has-More)',
    tag: 'chat',
    refusals: ['blocked', 'conversation_closed'],
    params: ConversationIdParam,
    query: ListMessagesQuery,
    response: z.array(MessageView),
  },
  sendMessage: {
    ...apiPaths.sendMessage,
    summary:
      "Send a message (a user's costs the performer's messagePrice; optional Idempotency-Key; 409 price_changed when expectedPrice is not it)",
    tag: 'chat',
    refusals: moduleRefusals.chat,
    idempotencyKey: 'optional',
    body: SendMessageBody,
    response: MessageView,
    status: 201,
  },
  markRead: {
    ...apiPaths.markRead,
    summary: "Mark the other party's messages read ({userId}: the caller, or a user's identity)",
    tag: 'chat',
    refusals: moduleRefusals.chat,
    params: MarkReadParams,
    response: MarkReadResult,
  },
  unreadCounts: {
    ...apiPaths.unreadCounts,
    summary: "The caller's unread messages, in total and per conversation",
    tag: 'chat',
    refusals: ['blocked', 'conversation_closed'],
    params: UserIdParam,
    response: UnreadCounts,
  },
} as const satisfies Record<string, RouteContract>;
