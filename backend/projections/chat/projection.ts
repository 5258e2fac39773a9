/**
 * The chat's read models, built from ConversationStarted, MessageSent and ConversationRead (plus
 * what closes a conversation): one document per conversation with both parties' unread counts and
 * its last activity, one document per message with its place in the log (`seq`, the event's
 * position) for paging, and each party's unread total (what a new message's push tells, without
 * counting over her conversations). Every write is position-guarded, so a batch seen again after a crash changes
 * nothing twice.
 */
import { otherParty, type ChatParty } from '@aura/contracts';
import { guardedUpdate, guardedUpdates, type GuardedWrite } from '../../kernel/projections/doc-projection';
import type { ProjectionDefinition } from '../../kernel/projections/runner';
import type { RecordedEvent } from '../../platform/recorded-event';
import type { Collection, ReadModelStore, Update } from '../../platform/readmodels/port';

export const CONVERSATIONS = 'conversations';
export const CHAT_MESSAGES = 'chat_messages';
/** one document per party with unread messages ever: the sum of its conversations' unread counts */
export const CHAT_UNREAD = 'chat_unread';

/** The id of a party's unread total: 'performer:<id>' or 'user:<real id>'. */
export const unreadTotalId = (party: ChatParty, partyId: string) => `${party}:${partyId}`;

/** How much of the last message the list shows. */
export const PREVIEW_LENGTH = 140;

export type ConversationDoc = {
  _id: string;
  performerId: string;
  userId: string;
  aliasId: string | null;
  identityId: string;
  displayName: string;
  createdAt: string;
  /** last message, else the start: the list's order */
  activityAt: string;
  lastMessageAt: string | null;
  lastMessage: { senderType: ChatParty; content: string } | null;
  /** messages of the performer the user has not read, and the other way round */
  unreadUser: number;
  unreadPerformer: number;
  messages: number;
  /** the alias was deleted, or the user or the performer is gone */
  closed: boolean;
};

export type MessageDoc = {
  _id: string;
  conversationId: string;
  senderType: ChatParty;
  /** the identity id for a user's message, the performer's id for hers */
  senderId: string;
  content: string;
  createdAt: string;
  isRead: boolean;
  priceUnits: number;
  /** the MessageSent's position in the log: the order of the conversation */
  seq: number;
};

export const unreadField = (reader: ChatParty) => (reader === 'user' ? 'unreadUser' : 'unreadPerformer');

export const previewOf = (content: string) =>
  content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH - 1)}…` : content;

/** The message document a MessageSent makes. */
export function messageDocOf(event: Extract<RecordedEvent, { type: 'MessageSent' }>): MessageDoc {
  const d = event.data;
  return {
    _id: d.messageId,
    conversationId: d.conversationId,
    senderType: d.senderType,
    senderId: d.senderType === 'user' ? d.identityId : d.performerId,
    content: d.content,
    createdAt: d.sentAt,
    isRead: false,
    priceUnits: d.priceUnits,
    seq: event.position,
  };
}

/** The conversation document a ConversationStarted makes. */
export function conversationDocOf(
  data: Extract<RecordedEvent, { type: 'ConversationStarted' }>['data'],
): Omit<ConversationDoc, '_id'> {
  return {
    performerId: data.performerId,
    userId: data.userId,
    aliasId: data.aliasId,
    identityId: data.identityId,
    displayName: data.displayName,
    createdAt: data.startedAt,
    activityAt: data.startedAt,
    lastMessageAt: null,
    lastMessage: null,
    unreadUser: 0,
    unreadPerformer: 0,
    messages: 0,
    closed: false,
  };
}

/** What a message changes on its conversation: the last activity, and one more unread for the recipient. */
export function afterMessage(doc: MessageDoc): Update {
  return {
    $set: {
      activityAt: doc.createdAt,
      lastMessageAt: doc.createdAt,
      lastMessage: { senderType: doc.senderType, content: previewOf(doc.content) },
    },
    $inc: { [unreadField(otherParty(doc.senderType))]: 1, messages: 1 },
  };
}

export const chatEventTypes = [
  'ConversationStarted',
  'MessageSent',
  'ConversationRead',
  'AliasDeleted',
  'UserDeleted',
  'PerformerDeleted',
] as const;

/** Closes every conversation matching `filter`, each once for this event. */
async function closeAll(conversations: Collection<ConversationDoc>, filter: Record<string, unknown>, position: number) {
  for (const doc of await conversations.find({ ...filter, closed: false }, { projection: { _id: 1 } })) {
    await guardedUpdate(conversations as unknown as Collection, doc._id, position, { $set: { closed: true } });
  }
}

type MessageSent = Extract<RecordedEvent, { type: 'MessageSent' }>;

/** What a message changes besides its own document: the recipient's unread total and the conversation. */
function messageWrites(event: MessageSent, doc: MessageDoc): GuardedWrite[] {
  const recipient = otherParty(doc.senderType);
  return [
    {
      collection: CHAT_UNREAD,
      id: unreadTotalId(recipient, recipient === 'user' ? event.data.userId : event.data.performerId),
      position: event.position,
      update: { $inc: { total: 1 } },
    },
    { collection: CONVERSATIONS, id: doc.conversationId, position: event.position, update: afterMessage(doc) },
  ];
}

/**
 * A run of messages as `apply` would take them one by one, in a few statements: their documents
 * read at once, the new ones written at once, then one guarded update per unread total and per
 * conversation (`guardedUpdates`). docs/architecture.md#read-models-on-postgresql
 */
async function applyMessages(events: MessageSent[], store: ReadModelStore): Promise<void> {
  const messages = store.collection<MessageDoc>(CHAT_MESSAGES);
  const docs = events.map(messageDocOf);
  const stored = new Map(
    (await messages.find({ _id: { $in: docs.map((doc) => doc._id) } })).map((doc) => [doc._id, doc]),
  );
  const fresh: MessageDoc[] = [];
  const writes: GuardedWrite[] = [];
  docs.forEach((doc, index) => {
    const existing = stored.get(doc._id);
    // the same message id twice (a retry that crossed a price change, here or in the same batch): the first one counts
    if (existing && existing.seq !== doc.seq) return;
    if (!existing) {
      fresh.push(doc);
      stored.set(doc._id, doc);
    }
    writes.push(...messageWrites(events[index]!, doc));
  });
  if (messages.upsertMany) await messages.upsertMany(fresh);
  else for (const doc of fresh) await messages.replaceOne({ _id: doc._id }, doc, { upsert: true });
  await guardedUpdates(store, writes);
}

export const chatProjection: ProjectionDefinition = {
  name: CONVERSATIONS,
  collections: [CONVERSATIONS, CHAT_MESSAGES, CHAT_UNREAD],
  eventTypes: chatEventTypes,
  indexes: [
    { collection: CONVERSATIONS, keys: { userId: 1, activityAt: -1 }, options: { name: 'by_user' } },
    { collection: CONVERSATIONS, keys: { performerId: 1, activityAt: -1 }, options: { name: 'by_performer' } },
    { collection: CONVERSATIONS, keys: { aliasId: 1 }, options: { name: 'by_alias' } },
    { collection: CHAT_MESSAGES, keys: { conversationId: 1, seq: 1 }, options: { name: 'by_conversation' } },
    { collection: CHAT_MESSAGES, keys: { conversationId: 1, isRead: 1, senderType: 1 }, options: { name: 'unread' } },
  ],
  async apply(event: RecordedEvent, store: ReadModelStore) {
    const conversations = store.collection<ConversationDoc>(CONVERSATIONS);
    const untyped = conversations as unknown as Collection;
    const messages = store.collection<MessageDoc>(CHAT_MESSAGES);
    const totals = store.collection(CHAT_UNREAD);
    switch (event.type) {
      case 'ConversationStarted':
        await guardedUpdate(untyped, event.data.conversationId, event.position, {
          $set: conversationDocOf(event.data),
        });
        return;
      case 'MessageSent': {
        const doc = messageDocOf(event);
        const existing = await messages.findOne({ _id: doc._id });
        // the same message id stored twice (a retry that crossed a price change) is shown and counted once
        if (existing && existing.seq !== doc.seq) return;
        if (!existing) await messages.replaceOne({ _id: doc._id }, doc, { upsert: true });
        for (const write of messageWrites(event, doc))
          await guardedUpdate(store.collection(write.collection), write.id, write.position, write.update);
        return;
      }
      case 'ConversationRead': {
        const { conversationId, reader, upToMessageId } = event.data;
        const upTo = await messages.findOne({ _id: upToMessageId });
        if (!upTo) return;
        const sender = otherParty(reader);
        await messages.updateMany(
          { conversationId, senderType: sender, isRead: false, seq: { $lte: upTo.seq } },
          { $set: { isRead: true } },
        );
        const unread = await messages.count({ conversationId, senderType: sender, isRead: false });
        // the total first: replayed after a crash between the two, the conversation still holds the count it had
        const conversation = await conversations.findOne({ _id: conversationId });
        if (conversation) {
          const partyId = reader === 'user' ? conversation.userId : conversation.performerId;
          await guardedUpdate(totals, unreadTotalId(reader, partyId), event.position, {
            $inc: { total: unread - conversation[unreadField(reader)] },
          });
        }
        await guardedUpdate(untyped, conversationId, event.position, { $set: { [unreadField(reader)]: unread } });
        return;
      }
      case 'AliasDeleted':
        return closeAll(conversations, { aliasId: event.data.aliasId }, event.position);
      case 'UserDeleted':
        return closeAll(conversations, { userId: event.data.userId }, event.position);
      case 'PerformerDeleted':
        return closeAll(conversations, { performerId: event.data.performerId }, event.position);
      default:
        return;
    }
  },
  /** Runs of messages go together (`applyMessages`); any other event is applied alone, in its place. */
  async applyBatch(events: RecordedEvent[], store: ReadModelStore) {
    let run: MessageSent[] = [];
    for (const event of events) {
      if (event.type === 'MessageSent') {
        run.push(event);
        continue;
      }
      if (run.length > 0) await applyMessages(run, store);
      run = [];
      await chatProjection.apply(event, store);
    }
    if (run.length > 0) await applyMessages(run, store);
  },
};
