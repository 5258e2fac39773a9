import { z } from 'zod';
import { paidWith } from './wallet';

/** Stream names of the chat. */
export const chatStreams = {
  /** a conversation's life: one performer, one identity of a user */
  conversation: (conversationId: string) => `conversation-${conversationId}`,
  /**
   * one unpaid message (a performer's reply, or a user's to a performer who charges nothing); a paid
   * one is on the payer's wallet (and, on a store without unique event ids, a keyed paid one's claim is here)
   */
  message: (messageId: string) => `message-${messageId}`,
  /** read marks of a conversation (appended with 'any', never decided on) */
  conversationReads: (conversationId: string) => `conversation-reads-${conversationId}`,
} as const;

export const chatParties = ['user', 'performer'] as const;
export type ChatParty = (typeof chatParties)[number];

/** The party on the other side of a conversation. */
export const otherParty = (party: ChatParty): ChatParty => (party === 'user' ? 'performer' : 'user');

/**
 * A conversation between a performer and one identity of a user (`identityId`: the alias id, or the
 * user id for the real name). `userId` stays on the server: it is never shown to the performer.
 */
export const ConversationStarted = z.object({
  conversationId: z.string().uuid(),
  performerId: z.string().uuid(),
  userId: z.string().uuid(),
  aliasId: z.string().uuid().nullable(),
  identityId: z.string().uuid(),
  /** the identity's name when the conversation started: the username, or the alias name */
  displayName: z.string(),
  startedAt: z.string(),
});

/**
 * A message. A paid one (priceUnits > 0) is appended to the payer's wallet stream right before the
 * AuracoinDebited that pays it (reason 'message', reference messageId); an unpaid one has its own
 * stream `message-<messageId>`.
 */
export const MessageSent = z.object({
  messageId: z.string().uuid(),
  conversationId: z.string().uuid(),
  performerId: z.string().uuid(),
  userId: z.string().uuid(),
  identityId: z.string().uuid(),
  senderType: z.enum(chatParties),
  content: z.string().min(1),
  /** what the user paid for it, minor units (0: a performer's reply, or a free message) */
  priceUnits: z.number().int().nonnegative(),
  /** a paid message: how it was paid */
  ...paidWith,
  sentAt: z.string(),
});

/**
 * A keyed message that is to be paid, claiming its stream `message-<messageId>` before the spend, on
 * an event store whose ids are unique per stream only (EventStoreDB): an unpaid attempt of the same
 * message (a retry after her price went to zero) finds the stream taken and pays this one instead
 * of storing it free, and a paid attempt that finds the message stored free there charges nothing.
 * Its data is the message as decided; the message itself is the MessageSent in the payer's wallet.
 */
export const PaidMessageClaimed = MessageSent;

/** One party read the other's messages up to and including `upToMessageId`. */
export const ConversationRead = z.object({
  conversationId: z.string().uuid(),
  reader: z.enum(chatParties),
  upToMessageId: z.string().uuid(),
  readAt: z.string(),
});

export const chatEvents = { ConversationStarted, MessageSent, PaidMessageClaimed, ConversationRead } as const;
