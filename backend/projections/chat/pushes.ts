import { otherParty, type ChatParty, type ServerToClientEvents } from '@aura/contracts';
import type { RealtimeEmitter } from '../../kernel/module';
import type { RecordedEvent } from '../../platform/recorded-event';
import { messageDocOf, unreadField, unreadTotalId, type ConversationDoc } from './projection';
import { toMessageView, type ChatQueries } from './queries';

/** Emits to one party's own room: the user's (their real id, known to the server only) or the performer's. */
function emitToParty<E extends keyof ServerToClientEvents>(
  realtime: RealtimeEmitter,
  party: ChatParty,
  doc: Pick<ConversationDoc, 'userId' | 'performerId'>,
  event: E,
  payload: Parameters<ServerToClientEvents[E]>[0],
) {
  if (party === 'user') realtime.toUser(doc.userId, event, payload);
  else realtime.toPerformer(doc.performerId, event, payload);
}

/**
 * After each applied batch: every message to both parties' rooms (the sender's other tabs too),
 * read marks to both, each changed unread count to its reader, and 'conversations changed' to whoever
 * holds a list a start, a block or a closing changed. Payloads carry what the read models show the
 * performer: the identity, never the account behind it.
 */
export function chatPushes(deps: { realtime: RealtimeEmitter; chat: ChatQueries }) {
  const { realtime, chat } = deps;
  const listsChanged = (party: ChatParty, docs: Pick<ConversationDoc, 'userId' | 'performerId'>[]) => {
    for (const doc of docs) emitToParty(realtime, party, doc, 'readmodel:changed', { model: 'conversations' });
  };
  return async (events: RecordedEvent[]) => {
    /** conversation id → the readers whose unread count moved */
    const unread = new Map<string, Set<ChatParty>>();
    const touch = (conversationId: string, reader: ChatParty) =>
      unread.set(conversationId, (unread.get(conversationId) ?? new Set()).add(reader));
    for (const event of events) {
      switch (event.type) {
        case 'MessageSent': {
          const message = toMessageView(messageDocOf(event));
          realtime.toUser(event.data.userId, 'chat:message', { message });
          realtime.toPerformer(event.data.performerId, 'chat:message', { message });
          touch(event.data.conversationId, otherParty(event.data.senderType));
          break;
        }
        case 'ConversationRead': {
          const doc = await chat.conversation(event.data.conversationId);
          if (!doc) break;
          const { conversationId, reader, upToMessageId, readAt } = event.data;
          realtime.toUser(doc.userId, 'chat:read', { conversationId, reader, upToMessageId, readAt });
          realtime.toPerformer(doc.performerId, 'chat:read', { conversationId, reader, upToMessageId, readAt });
          touch(conversationId, reader);
          break;
        }
        case 'ConversationStarted':
          realtime.toUser(event.data.userId, 'readmodel:changed', { model: 'conversations' });
          break;
        case 'PerformerBlockedUser':
        case 'PerformerUnblockedUser': {
          const docs = await chat.ofIdentity(event.data.performerId, event.data.userId);
          listsChanged('user', docs);
          listsChanged('performer', docs);
          break;
        }
        case 'AliasDeleted':
          listsChanged('performer', await chat.where({ aliasId: event.data.aliasId }));
          break;
        case 'UserDeleted':
          listsChanged('performer', await chat.where({ userId: event.data.userId }));
          break;
        case 'PerformerDeleted':
          listsChanged('user', await chat.where({ performerId: event.data.performerId }));
          break;
        default:
          break;
      }
    }
    // one read for the conversations and one for the totals, whatever the batch holds
    const docs = await chat.conversationsById([...unread.keys()]);
    const partyIdOf = (reader: ChatParty, doc: ConversationDoc) =>
      unreadTotalId(reader, reader === 'user' ? doc.userId : doc.performerId);
    const totals = await chat.unreadTotals(
      [...unread].flatMap(([conversationId, readers]) => {
        const doc = docs.get(conversationId);
        return doc ? [...readers].map((reader) => partyIdOf(reader, doc)) : [];
      }),
    );
    for (const [conversationId, readers] of unread) {
      const doc = docs.get(conversationId);
      if (!doc) continue;
      for (const reader of readers) {
        emitToParty(realtime, reader, doc, 'chat:unread', {
          conversationId,
          unreadCount: doc[unreadField(reader)],
          total: totals.get(partyIdOf(reader, doc)) ?? 0,
        });
      }
    }
  };
}
