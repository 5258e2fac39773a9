import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatParty, ConversationView, StartConversationBody, UnreadCounts } from '@aura/contracts';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { withConversation } from './cache';

/** GET /api/conversations/{id}?userType=…: the party's conversations, newest activity first. */
export function conversationsQueryOptions(partyId: string, userType: ChatParty) {
  return queryOptions({
    queryKey: queryKeys.conversations.ofParty(partyId),
    queryFn: ({ signal }) => api.get<ConversationView[]>(`/api/conversations/${encodeURIComponent(partyId)}?userType=${userType}`, { signal }),
  });
}

export function useConversations(partyId: string, userType: ChatParty) {
  return useQuery(conversationsQueryOptions(partyId, userType));
}

/** GET /api/unread/{id}: the party's unread messages, kept live by 'chat:unread'. */
export function unreadQueryOptions(partyId: string) {
  return queryOptions({
    queryKey: queryKeys.conversations.unread(partyId),
    queryFn: ({ signal }) => api.get<UnreadCounts>(`/api/unread/${encodeURIComponent(partyId)}`, { signal }),
  });
}

export function useUnreadCounts(partyId: string) {
  return useQuery(unreadQueryOptions(partyId));
}

/** POST /api/conversations {performerId, aliasId?}: the identity's conversation, opened or found. */
export function useStartConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversationBody) => api.post<ConversationView>('/api/conversations', body),
    onSuccess: (conversation) => {
      queryClient.setQueryData<ConversationView[]>(queryKeys.conversations.ofParty(userId), (list) => withConversation(list, conversation));
    },
  });
}

/** PUT/DELETE /api/performers/{id}/blocked-users/{identityId}: she blocks or unblocks an identity from the chat. */
export function useBlockIdentity(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identityId, block }: { identityId: string; block: boolean }) => {
      const url = `/api/performers/${encodeURIComponent(performerId)}/blocked-users/${encodeURIComponent(identityId)}`;
      return block ? api.put<unknown>(url) : api.delete<unknown>(url);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.ofParty(performerId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.performers.detail(performerId) });
    },
  });
}
