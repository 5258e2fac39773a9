import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatParty, ConversationView, ServerToClientEvents } from '@aura/contracts';
import { chime } from '../../../lib/chime';
import { conversationsQueryOptions } from '../../../lib/shared-queries';
import { withSocket } from '../../../lib/socket';
import { notify } from '../../../components/ui/toaster';
import { alertsEnabled, isViewing } from './alert-settings';

/** Who wrote it, as the reader knows them: her name for him, the identity's name for her. */
function senderName(conversation: ConversationView | undefined, reader: ChatParty): string {
  if (!conversation) return reader === 'user' ? 'una performer' : 'un utente';
  return reader === 'user' ? conversation.performer.name : conversation.user.username;
}

/**
 * A new message from the other party, wherever the reader is (docs/product.md#message-alerts): a
 * toast with the sender's name, and when he allows it a chime and, with the page hidden, a browser
 * notification. Not for the conversation on screen.
 */
export function useMessageAlerts(partyId: string | null, reader: ChatParty): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!partyId) return;
    return withSocket((socket) => {
      const onMessage: ServerToClientEvents['chat:message'] = ({ message }) => {
        if (message.senderType === reader || isViewing(message.conversationId)) return;
        void queryClient
          .fetchQuery({ ...conversationsQueryOptions(partyId, reader), staleTime: 5_000 })
          .catch(() => undefined)
          .then((list) => {
            const name = senderName(
              list?.find((conversation) => conversation.id === message.conversationId),
              reader,
            );
            const title = `Nuovo messaggio da ${name}`;
            notify({
              type: 'info',
              title,
              description: message.content.length > 80 ? `${message.content.slice(0, 80)}…` : message.content,
            });
            if (!alertsEnabled()) return;
            chime();
            if (
              document.visibilityState !== 'visible' &&
              'Notification' in window &&
              Notification.permission === 'granted'
            ) {
              new Notification(title, { body: message.content.slice(0, 120), tag: message.conversationId });
            }
          });
      };
      socket.on('chat:message', onMessage);
      return () => {
        socket.off('chat:message', onMessage);
      };
    });
  }, [queryClient, partyId, reader]);
}
