import type { Identity } from '@aura/contracts';
import { notFound } from '../../platform/http/errors';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { chatRateLimits } from './rate-limits';
import type { Principal } from '../../platform/http/session';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { settledOn } from '../../kernel/projections/wait';
import { CONVERSATIONS } from '../../projections/chat/projection';
import { createChatQueries, toConversationView, toMessageView, type ChatProfile } from '../../projections/chat/queries';
import { chatRouter } from './routes';
import { chatSockets } from './sockets';

export interface ChatDeps {
  /** the aliases module's one way to resolve a user's choice to an identity */
  identities: { identityFor(userId: string, aliasId?: string | null): Promise<Identity> };
  users: { exists(userId: string): Promise<boolean> };
  performers: {
    sightOf(
      performerId: string,
      caller: Pick<Principal, 'kind' | 'sub'> | undefined,
      country: string | undefined,
    ): Promise<'full' | 'public' | 'none'>;
    chatProfiles(performerIds: readonly string[]): Promise<Map<string, ChatProfile>>;
  };
}

/** The chat: conversations of a performer with one identity of a user, paid messages, typing and reading. */
export function chatCommands(ports: ModulePorts, deps: ChatDeps) {
  const chat = createChatQueries(ports.readModels);
  const settled = settledOn(ports.readModels, CONVERSATIONS);
  const limits = rateLimiterOf(ports, chatRateLimits);
  const chatProfile = async (performerId: string) =>
    (await deps.performers.chatProfiles([performerId])).get(performerId);
  return {
    name: 'chat',
    rateLimits: chatRateLimits,
    routers: [
      chatRouter({
        ...ports,
        now: ports.clock.now,
        limits,
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
          return {
            status: 'open',
            conversationId: doc._id,
            performerId: doc.performerId,
            userId: doc.userId,
            aliasId: doc.aliasId,
            identityId: doc.identityId,
            displayName: doc.displayName,
          };
        },
        toMessageView,
      }),
    ],
    sockets: chatSockets(chat, limits),
  } satisfies CommandSide;
}
