import type { ModulePorts, ReadSide } from '../../platform/module';
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
    },
  } satisfies ReadSide & Record<string, unknown>;
}
