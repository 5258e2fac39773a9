import type { Identity } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import type { Principal } from '../../platform/http/session';
import type { AuraModule, ModulePorts } from '../../platform/module';
import { settledOn } from '../../platform/projections/wait';
import { chatProjection, CONVERSATIONS } from './projection';
import { chatPushes } from './pushes';
import { createChatQueries, toConversationView, toMessageView, type ChatProfile } from './queries';
import { chatQueryRouter } from './query-routes';
import { messageEarningsReaction } from './reactions';
import { chatRouter } from './routes';
import { chatSockets } from './sockets';

export interface ChatDeps {
  /** the aliases module's one way to resolve a user's choice to an identity */
  identities: { identityFor(userId: string, aliasId?: string | null): Promise<Identity> };
  users: { exists(userId: string): Promise<boolean> };
  performers: {
    sightOf(performerId: string, caller: Pick<Principal, 'kind' | 'sub'> | undefined, country: string | undefined): Promise<'full' | 'public' | 'none'>;
    chatProfiles(performerIds: readonly string[]): Promise<Map<string, ChatProfile>>;
  };
}

/** The chat: conversations of a performer with one identity of a user, paid messages, live pushes. */
export function chatModule(ports: ModulePorts, deps: ChatDeps) {
  const chat = createChatQueries(ports.readModels);
  const settled = settledOn(ports.readModels, CONVERSATIONS);
  const chatProfile = async (performerId: string) => (await deps.performers.chatProfiles([performerId])).get(performerId);
  return {
    name: 'chat',
    projections: [chatProjection, messageEarningsReaction(ports.eventStore)],
    routers: [
      chatRouter({
        ...ports,
        identityFor: deps.identities.identityFor,
        userExists: deps.users.exists,
        sightOf: deps.performers.sightOf,
        chatProfile,
        conversationViewAfter: async (conversationId, viewer, position) => {
          await settled(position);
          const doc = await chat.conversation(conversationId);
          if (!doc) throw notFound('Conversazione non trovata');
          return toConversationView(doc, viewer, await chatProfile(doc.performerId));
        },
        messageAfter: async (messageId, position) => {
          await settled(position);
          return chat.message(messageId);
        },
        unreadAfter: async (conversationId, position) => {
          await settled(position);
          const doc = await chat.conversation(conversationId);
          return { unreadUser: doc?.unreadUser ?? 0, unreadPerformer: doc?.unreadPerformer ?? 0 };
        },
        newestUnread: chat.newestUnread,
        startedConversation: async (conversationId) => {
          const doc = await chat.conversation(conversationId);
          if (!doc?.performerId || !doc.userId || !doc.identityId) return null;
          return { status: 'open', conversationId: doc._id, performerId: doc.performerId, userId: doc.userId, aliasId: doc.aliasId, identityId: doc.identityId, displayName: doc.displayName };
        },
        toMessageView,
      }),
      chatQueryRouter({ sessions: ports.sessions, chat, chatProfiles: deps.performers.chatProfiles }),
    ],
    pushes: chatPushes({ realtime: ports.realtime, chat }),
    sockets: chatSockets(chat),
    queries: {
      /** a party's unread messages in total (the performer dashboard's card reads the API instead) */
      unreadTotal: chat.unreadTotal,
    },
  } satisfies AuraModule & Record<string, unknown>;
}
