import type { ChatParty, ConversationView, Identity } from '@aura/contracts';
import { rateLimiterOf } from '../../platform/http/rate-limit';
import { chatRateLimits } from './rate-limits';
import type { Principal } from '../../platform/http/session';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { chatRouter, type ChatCommandDeps, type ChatProfileFacts } from './routes';
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
    chatProfiles(performerIds: readonly string[]): Promise<Map<string, ChatProfileFacts>>;
  };
  /** what the chat read side tells the routes and sockets (entry hands it over) */
  chat: Pick<ChatCommandDeps, 'messageAfter' | 'unreadAfter' | 'newestUnreadId' | 'startedConversation'> & {
    /** the conversation as `viewer` sees it, once the read model has applied `position` */
    conversationViewAfter(
      conversationId: string,
      viewer: ChatParty,
      position: number | undefined,
    ): Promise<ConversationView>;
    /** the conversation's two parties (null: none) */
    partiesOf(conversationId: string): Promise<{ userId: string; performerId: string } | null>;
  };
}

/** The chat: conversations of a performer with one identity of a user, paid messages, typing and reading. */
export function chatCommands(ports: ModulePorts, deps: ChatDeps) {
  const { chat } = deps;
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
        conversationViewAfter: chat.conversationViewAfter,
        messageAfter: chat.messageAfter,
        unreadAfter: chat.unreadAfter,
        newestUnreadId: chat.newestUnreadId,
        startedConversation: chat.startedConversation,
      }),
    ],
    sockets: chatSockets(chat.partiesOf, limits),
  } satisfies CommandSide;
}
