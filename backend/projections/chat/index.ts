import type { ModulePorts, ReadSide } from '../../kernel/module';
import { chatProjection } from './projection';
import { chatPushes } from './pushes';
import { createChatQueries, type ChatProfile } from './queries';
import { chatQueryRouter } from './query-routes';

export interface ChatReadDeps {
  performers: { chatProfiles(performerIds: readonly string[]): Promise<Map<string, ChatProfile>> };
}

/** The chat as read: conversations and messages, unread counts, live pushes to both parties. */
export function chatReadSide(ports: ModulePorts, deps: ChatReadDeps) {
  const chat = createChatQueries(ports.readModels);
  return {
    name: 'chat',
    projections: [chatProjection],
    routers: [chatQueryRouter({ sessions: ports.sessions, chat, chatProfiles: deps.performers.chatProfiles })],
    pushes: chatPushes({ realtime: ports.realtime, chat }),
    queries: {
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
