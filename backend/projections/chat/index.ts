import type { ChatParty } from '@aura/contracts';
import type { ModulePorts, ReadSide } from '../../kernel/module';
import { settledOn, viewAfter } from '../../kernel/projections/wait';
import { CONVERSATIONS, chatProjection } from './projection';
import { chatPushes } from './pushes';
import { createChatQueries, toConversationView, toMessageView, type ChatProfile } from './queries';
import { chatQueryRouter } from './query-routes';

export interface ChatReadDeps {
  performers: { chatProfiles(performerIds: readonly string[]): Promise<Map<string, ChatProfile>> };
  /** messages hidden by a report or a moderation decision (the moderation module's) */
  hiddenIds?(): Promise<ReadonlySet<string>>;
}

/** The chat as read: conversations and messages, unread counts, live pushes to both parties. */
export function chatReadSide(ports: ModulePorts, deps: ChatReadDeps) {
  const chat = createChatQueries(ports.readModels);
  const settled = settledOn(ports.readModels, CONVERSATIONS);
  const chatProfile = async (performerId: string) =>
    (await deps.performers.chatProfiles([performerId])).get(performerId);
  return {
    name: 'chat',
    projections: [chatProjection],
    routers: [
      chatQueryRouter({
        sessions: ports.sessions,
        chat,
        chatProfiles: deps.performers.chatProfiles,
        hiddenIds: deps.hiddenIds,
      }),
    ],
    pushes: chatPushes({ realtime: ports.realtime, chat }),
    queries: {
      /** the conversation as `viewer` sees it, once the read model has applied `position` (read-your-writes) */
      conversationViewAfter: (conversationId: string, viewer: ChatParty, position: number | undefined) =>
        viewAfter(settled, chat.conversation, async (doc) =>
          toConversationView(doc, viewer, await chatProfile(doc.performerId)),
        )(conversationId, position),
      /** a message as stored once the read model has applied `position` (null: not there), and its view */
      async messageAfter(messageId: string, position: number | undefined) {
        await settled(position);
        const doc = await chat.message(messageId);
        return doc ? { senderType: doc.senderType, content: doc.content, view: toMessageView(doc) } : null;
      },
      /** the conversation's unread counts of each party, once the read model has applied `position` */
      async unreadAfter(conversationId: string, position: number | undefined): Promise<Record<ChatParty, number>> {
        await settled(position);
        const doc = await chat.conversation(conversationId);
        return { user: doc?.unreadUser ?? 0, performer: doc?.unreadPerformer ?? 0 };
      },
      /** the newest message `reader` has not read yet, if any */
      newestUnreadId: async (conversationId: string, reader: ChatParty) =>
        (await chat.newestUnread(conversationId, reader))?._id ?? null,
      /** the conversation as its start made it (null: not applied yet, or none) */
      async startedConversation(conversationId: string) {
        const doc = await chat.conversation(conversationId);
        if (!doc?.performerId || !doc.userId || !doc.identityId) return null;
        return {
          status: 'open' as const,
          conversationId: doc._id,
          performerId: doc.performerId,
          userId: doc.userId,
          aliasId: doc.aliasId,
          identityId: doc.identityId,
          displayName: doc.displayName,
        };
      },
      /** whose a message is: the performer's, or the user's behind the identity he wrote as (null: no such message) */
      async messageSubject(messageId: string) {
        const doc = await chat.message(messageId);
        const conversation = doc ? await chat.conversation(doc.conversationId) : null;
        if (!doc || !conversation) return null;
        if (doc.senderType === 'performer')
          return { subjectKind: 'performer' as const, subjectId: conversation.performerId };
        return conversation.userId ? { subjectKind: 'user' as const, subjectId: conversation.userId } : null;
      },
      /** the conversation's two parties (null: none) */
      async partiesOf(conversationId: string) {
        const doc = await chat.conversation(conversationId);
        return doc ? { userId: doc.userId, performerId: doc.performerId } : null;
      },
      /** a party's unread messages in total (the performer dashboard's card reads the API instead) */
      unreadTotal: chat.unreadTotal,
      /** every message of a user's conversations (any identity of his), oldest first per conversation: the download of his data */
      async messagesOfUser(userId: string) {
        const conversations = await chat.listFor('user', userId, { limit: 1000 });
        const all = await Promise.all(
          conversations.map(async (conversation) => (await chat.history(conversation._id, { limit: 10_000 })).messages),
        );
        return all.flat();
      },
    },
  } satisfies ReadSide & Record<string, unknown>;
}
