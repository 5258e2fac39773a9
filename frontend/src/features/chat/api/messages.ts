import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
  type ChatParty,
  type MessageView,
  type SendMessageInput,
} from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { mergeMessages } from './cache';

/** Everything after the newest message we have, page by page (a reconnect, a poll while the socket is down). */
async function messagesAfter(conversationId: string, newest: MessageView, signal: AbortSignal): Promise<MessageView[]> {
  const found: MessageView[] = [];
  for (let after = newest.id; ;) {
    const page = await call('listMessages', {
      params: { conversationId },
      query: { after, limit: MESSAGES_PAGE_MAX },
      signal,
    });
    found.push(...page);
    if (page.length < MESSAGES_PAGE_MAX) return found;
    after = page[page.length - 1]!.id;
  }
}

/**
 * listMessages: the newest page first; every later fetch (a refetch after a
 * reconnect, the 3-second poll while the socket is down) brings what came since plus the newest
 * page again (read marks), merged into what is shown, so nothing is shown twice or lost.
 */
export function messagesQueryOptions(conversationId: string) {
  return queryOptions({
    queryKey: queryKeys.messages.ofConversation(conversationId),
    queryFn: async ({ signal, client, queryKey }) => {
      const cached = client.getQueryData<MessageView[]>(queryKey) ?? [];
      const newestPage = await call('listMessages', {
        params: { conversationId },
        query: { limit: MESSAGES_PAGE_DEFAULT },
        signal,
      });
      const newest = cached[cached.length - 1];
      const gap =
        newest !== undefined && newestPage.length > 0 && !newestPage.some((message) => message.id === newest.id);
      const since = gap ? await messagesAfter(conversationId, newest, signal) : [];
      return mergeMessages(mergeMessages(cached, since), newestPage);
    },
  });
}

/** The page before the oldest message shown; answers whether older ones remain. */
export async function loadOlderMessages(queryClient: QueryClient, conversationId: string): Promise<boolean> {
  const key = queryKeys.messages.ofConversation(conversationId);
  const oldest = queryClient.getQueryData<MessageView[]>(key)?.[0];
  if (!oldest) return false;
  const page = await call('listMessages', {
    params: { conversationId },
    query: { before: oldest.id, limit: MESSAGES_PAGE_DEFAULT },
  });
  queryClient.setQueryData<MessageView[]>(key, (current) => mergeMessages(page, current ?? []));
  return page.length === MESSAGES_PAGE_DEFAULT;
}

/**
 * A message to send: its client-made id stays the same across retries, so it is stored and charged
 * once; a user's carries the price he saw (docs/product.md#price-seen).
 */
export type OutgoingMessage = Pick<SendMessageInput, 'content' | 'clientMessageId' | 'expectedPrice'>;

/** sendMessage; the answer joins the conversation's messages (the push may have brought it already). */
export function useSendMessage(conversation: { id: string }, sender: { id: string; type: ChatParty }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: OutgoingMessage) =>
      call('sendMessage', {
        body: { conversationId: conversation.id, senderId: sender.id, senderType: sender.type, ...message },
      }),
    onSuccess: (sent) => {
      queryClient.setQueryData<MessageView[]>(queryKeys.messages.ofConversation(conversation.id), (current) =>
        mergeMessages(current ?? [], [sent]),
      );
    },
  });
}

/** markRead (by the reader): the other party's messages are read now. */
export function markConversationRead(conversationId: string, readerId: string) {
  return call('markRead', { params: { conversationId, userId: readerId } });
}
