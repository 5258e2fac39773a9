import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatParty, ConversationView, StartConversationBody } from '@aura/contracts';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { conversationsQueryOptions } from '../../../lib/shared-queries';
import { withConversation } from './cache';

export { conversationsQueryOptions };

export function useConversations(partyId: string, userType: ChatParty) {
  return useQuery(conversationsQueryOptions(partyId, userType));
}

/** unreadCounts: the party's unread messages, kept live by 'chat:unread'. */
export function unreadQueryOptions(partyId: string) {
  return queryOptions({
    queryKey: queryKeys.conversations.unread(partyId),
    queryFn: ({ signal }) => call('unreadCounts', { params: { userId: partyId }, signal }),
  });
}

export function useUnreadCounts(partyId: string) {
  return useQuery(unreadQueryOptions(partyId));
}

/** startConversation {performerId, aliasId?}: the identity's conversation, opened or found. */
export function useStartConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversationBody) => call('startConversation', { body }),
    onSuccess: (conversation) => {
      queryClient.setQueryData<ConversationView[]>(queryKeys.conversations.ofParty(userId), (list) =>
        withConversation(list, conversation),
      );
    },
  });
}

/** blockUser / unblockUser: she blocks or unblocks an identity from the chat. */
export function useBlockIdentity(performerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identityId, block }: { identityId: string; block: boolean }) =>
      call(block ? 'blockUser' : 'unblockUser', { params: { id: performerId, userId: identityId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.ofParty(performerId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.performers.detail(performerId) });
    },
  });
}
