import { Button, Stack, Text } from '@chakra-ui/react';
import { formatInteger } from '../../../lib/format';
import { useUnreadCounts } from '../api/conversations';
import { useChatRealtime } from '../hooks/use-chat-realtime';

/** The dashboard's 'Messaggi' card: her real unread count, live, and the way to the Chat tab. */
export function UnreadSummary({ performerId, onOpenChat }: { performerId: string; onOpenChat: () => void }) {
  const unread = useUnreadCounts(performerId);
  useChatRealtime(performerId);
  const total = unread.data?.total ?? 0;
  const conversations = Object.keys(unread.data?.byConversation ?? {}).length;
  return (
    <Stack gap="2" align="flex-start">
      <Text fontSize="2xl" fontWeight="800" aria-live="polite" data-testid="unread-total">
        {unread.isPending ? '…' : formatInteger(total)}
      </Text>
      <Text color="fg.muted" fontSize="sm">
        {unread.isError
          ? 'Impossibile leggere i messaggi non letti.'
          : total === 0
            ? 'Nessun messaggio non letto'
            : `${total === 1 ? 'messaggio non letto' : 'messaggi non letti'} in ${conversations} ${conversations === 1 ? 'conversazione' : 'conversazioni'}`}
      </Text>
      <Button size="sm" variant="outline" onClick={onOpenChat}>
        Apri la chat
      </Button>
    </Stack>
  );
}
