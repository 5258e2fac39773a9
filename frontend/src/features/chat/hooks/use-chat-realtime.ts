import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConversationView, MessageView, ServerToClientEvents, UnreadCounts } from '@aura/contracts';
import { queryKeys } from '../../../lib/query-keys';
import { withSocket } from '../../../lib/socket';
import { setFromPush } from '../../../lib/push-cache';
import { markReadUpTo, mergeMessages, withMessage, withMessagePrice, withPresence, withUnread } from '../api/cache';

/**
 * The chat live for one party (a user's /chat or her dashboard): pushed messages, read marks,
 * unread counts, the performer's presence and her message price change the cached reads in place; after a reconnect
 * every chat read is fetched again (the messages' fetch merges, so nothing shows twice). Answers
 * whether the socket is up: while it is down the open conversation falls back to polling.
 */
export function useChatRealtime(partyId: string): { connected: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const listKey = queryKeys.conversations.ofParty(partyId);
    return withSocket((socket) => {
      setConnected(socket.connected);
      const onMessage: ServerToClientEvents['chat:message'] = ({ message }) => {
        const messagesKey = queryKeys.messages.ofConversation(message.conversationId);
        if (queryClient.getQueryData(messagesKey))
          setFromPush<MessageView[]>(queryClient, messagesKey, (current) => mergeMessages(current ?? [], [message]));
        const list = queryClient.getQueryData<ConversationView[]>(listKey);
        const next = list ? withMessage(list, message) : undefined;
        if (next?.known) queryClient.setQueryData(listKey, next.list);
        else void queryClient.invalidateQueries({ queryKey: listKey });
      };
      const onRead: ServerToClientEvents['chat:read'] = ({ conversationId, reader, upToMessageId }) => {
        setFromPush<MessageView[]>(
          queryClient,
          queryKeys.messages.ofConversation(conversationId),
          (current) => current && markReadUpTo(current, reader, upToMessageId),
        );
      };
      const onUnread: ServerToClientEvents['chat:unread'] = ({ conversationId, unreadCount, total }) => {
        setFromPush<ConversationView[]>(
          queryClient,
          listKey,
          (list) => list && withUnread(list, conversationId, unreadCount),
        );
        setFromPush<UnreadCounts>(queryClient, queryKeys.conversations.unread(partyId), (counts) => {
          const byConversation = { ...(counts?.byConversation ?? {}) };
          if (unreadCount > 0) byConversation[conversationId] = unreadCount;
          else delete byConversation[conversationId];
          return { total, byConversation };
        });
      };
      const onPresence: ServerToClientEvents['performer:presence'] = ({ performerId, isOnline }) => {
        setFromPush<ConversationView[]>(
          queryClient,
          listKey,
          (list) => list && withPresence(list, performerId, isOnline),
        );
      };
      const onPrices: ServerToClientEvents['performer:prices'] = ({ performerId, messagePrice }) => {
        setFromPush<ConversationView[]>(
          queryClient,
          listKey,
          (list) => list && withMessagePrice(list, performerId, messagePrice),
        );
      };
      const onConnect = () => {
        setConnected(true);
        void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.messages.all });
      };
      const onDisconnect = () => setConnected(false);
      socket.on('chat:message', onMessage);
      socket.on('chat:read', onRead);
      socket.on('chat:unread', onUnread);
      socket.on('performer:presence', onPresence);
      socket.on('performer:prices', onPrices);
      socket.on('connect', onConnect);
      socket.on('disconnect', onDisconnect);
      return () => {
        socket.off('chat:message', onMessage);
        socket.off('chat:read', onRead);
        socket.off('chat:unread', onUnread);
        socket.off('performer:presence', onPresence);
        socket.off('performer:prices', onPrices);
        socket.off('connect', onConnect);
        socket.off('disconnect', onDisconnect);
      };
    });
  }, [queryClient, partyId]);
  return { connected };
}
