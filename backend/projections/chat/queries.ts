import {
  otherParty,
  unitsToAuracoin,
  type ChatParty,
  type ConversationView,
  type MessageView,
  type UnreadCounts,
} from '@aura/contracts';
import type { ReadModelStore } from '../../platform/readmodels/port';
import {
  CHAT_MESSAGES,
  CHAT_UNREAD,
  CONVERSATIONS,
  unreadField,
  unreadTotalId,
  type ConversationDoc,
  type MessageDoc,
} from './projection';

/** What a conversation shows of its performer, read live from the performers read model. */
export interface ChatProfile {
  name: string;
  image: string;
  username: string | null;
  isOnline: boolean;
  messagePriceUnits: number;
  /** identities she blocked */
  blockedIdentityIds: readonly string[];
}

/** A performer gone from the read model (deleted): her conversations keep a name. */
const GONE: ChatProfile = {
  name: 'Performer non disponibile',
  image: '',
  username: null,
  isOnline: false,
  messagePriceUnits: 0,
  blockedIdentityIds: [],
};

/**
 * A conversation as `viewer` sees it. The performer sees only the identity: its id where the
 * user's would be, no alias id, its display name; nothing in her answer names the account behind it.
 */
export function toConversationView(
  doc: ConversationDoc,
  viewer: ChatParty,
  profile: ChatProfile | undefined,
): ConversationView {
  const performer = profile ?? GONE;
  return {
    id: doc._id,
    userId: viewer === 'user' ? doc.userId : doc.identityId,
    performerId: doc.performerId,
    identityId: doc.identityId,
    aliasId: viewer === 'user' ? doc.aliasId : null,
    createdAt: doc.createdAt,
    lastMessageAt: doc.lastMessageAt,
    lastMessage: doc.lastMessage,
    unreadCount: doc[unreadField(viewer)],
    performer: {
      name: performer.name,
      image: performer.image,
      username: performer.username,
      isOnline: performer.isOnline,
      messagePrice: unitsToAuracoin(performer.messagePriceUnits),
    },
    user: { username: doc.displayName },
    blocked: performer.blockedIdentityIds.includes(doc.identityId),
    closed: doc.closed || profile === undefined,
  };
}

export function toMessageView(doc: MessageDoc): MessageView {
  return {
    id: doc._id,
    conversationId: doc.conversationId,
    senderId: doc.senderId,
    senderType: doc.senderType,
    content: doc.content,
    createdAt: doc.createdAt,
    isRead: doc.isRead,
    price: unitsToAuracoin(doc.priceUnits),
  };
}

/** Whose list: a user's conversations (every identity of theirs), or a performer's. */
const ownerField = (party: ChatParty) => (party === 'user' ? 'userId' : 'performerId');

export function createChatQueries(readModels: ReadModelStore) {
  const conversations = readModels.collection<ConversationDoc>(CONVERSATIONS);
  const messages = readModels.collection<MessageDoc>(CHAT_MESSAGES);
  const totals = readModels.collection(CHAT_UNREAD);
  return {
    async conversation(id: string): Promise<ConversationDoc | null> {
      return conversations.findOne({ _id: id });
    },
    /** Several conversations at once (one read), by id. */
    async conversationsById(ids: readonly string[]): Promise<Map<string, ConversationDoc>> {
      if (ids.length === 0) return new Map();
      return new Map((await conversations.find({ _id: { $in: [...ids] } })).map((doc) => [doc._id, doc]));
    },
    async message(id: string): Promise<MessageDoc | null> {
      return messages.findOne({ _id: id });
    },
    /**
     * A party's conversations, newest activity first. A performer sees a conversation once its
     * first message is sent: an identity that only opened the chat has told her nothing yet.
     */
    async listFor(
      party: ChatParty,
      partyId: string,
      page: { limit: number; before?: string },
    ): Promise<ConversationDoc[]> {
      const filter: Record<string, unknown> = { [ownerField(party)]: partyId };
      if (party === 'performer') filter.lastMessageAt = { $ne: null };
      if (page.before) filter.activityAt = { $lt: page.before };
      return conversations.find(filter, { sort: { activityAt: -1, _id: 1 }, limit: page.limit });
    },
    /**
     * A page of a conversation's history, oldest first: the newest `limit` (before the message
     * `before`, when given), or those after the message `after`. `hasMore`: more lie beyond the page.
     */
    async history(
      conversationId: string,
      page: { limit: number; before?: MessageDoc; after?: MessageDoc },
    ): Promise<{ messages: MessageDoc[]; hasMore: boolean }> {
      if (page.after) {
        const newer = await messages.find(
          { conversationId, seq: { $gt: page.after.seq } },
          { sort: { seq: 1 }, limit: page.limit + 1 },
        );
        return { messages: newer.slice(0, page.limit), hasMore: newer.length > page.limit };
      }
      const filter = page.before ? { conversationId, seq: { $lt: page.before.seq } } : { conversationId };
      const older = await messages.find(filter, { sort: { seq: -1 }, limit: page.limit + 1 });
      return { messages: older.slice(0, page.limit).reverse(), hasMore: older.length > page.limit };
    },
    /** The newest message of the other party that `reader` has not read, or null. */
    async newestUnread(conversationId: string, reader: ChatParty): Promise<MessageDoc | null> {
      const [newest] = await messages.find(
        { conversationId, senderType: otherParty(reader), isRead: false },
        { sort: { seq: -1 }, limit: 1 },
      );
      return newest ?? null;
    },
    /** A party's unread messages in total, kept by the projection (the sum unreadCounts makes). */
    async unreadTotal(party: ChatParty, partyId: string): Promise<number> {
      const doc = await totals.findOne({ _id: unreadTotalId(party, partyId) });
      return typeof doc?.total === 'number' ? doc.total : 0;
    },
    /** Several parties' unread totals at once (one read), by `unreadTotalId`. */
    async unreadTotals(ids: readonly string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const stored = new Map(
        (await totals.find({ _id: { $in: [...new Set(ids)] } })).map((doc) => [doc._id, doc.total]),
      );
      return new Map(
        ids.map((id) => {
          const total = stored.get(id);
          return [id, typeof total === 'number' ? total : 0];
        }),
      );
    },
    /** A party's unread messages: in total and per conversation (those with some). */
    async unreadCounts(party: ChatParty, partyId: string): Promise<UnreadCounts> {
      const field = unreadField(party);
      const docs = await conversations.find(
        { [ownerField(party)]: partyId, [field]: { $gt: 0 } },
        { projection: { _id: 1, [field]: 1 } },
      );
      const byConversation: Record<string, number> = {};
      let total = 0;
      for (const doc of docs) {
        byConversation[doc._id] = doc[field];
        total += doc[field];
      }
      return { total, byConversation };
    },
    /** The conversations a deletion closes (an alias, a user, a performer). */
    async where(
      filter: { aliasId: string } | { userId: string } | { performerId: string },
    ): Promise<ConversationDoc[]> {
      return conversations.find(filter, { projection: { _id: 1, userId: 1, performerId: 1 } });
    },
    /** The conversations of one identity with one performer's (to tell the user a block changed). */
    async ofIdentity(performerId: string, identityId: string): Promise<ConversationDoc[]> {
      return conversations.find({ performerId, identityId });
    },
  };
}

export type ChatQueries = ReturnType<typeof createChatQueries>;
