import { useState } from 'react';
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toaster';
import { useBlockIdentity, useConversations } from '../api/conversations';
import { useChatRealtime } from '../hooks/use-chat-realtime';
import { ChatBox } from './chat-box';
import { ChatLayout } from './chat-layout';
import { ConversationList } from './conversation-list';
import { AlertsToggle } from './message-alerts';

/**
 * The dashboard's Chat tab (docs/product.md#chat): her conversations with unread counts and the conversation
 * pane, 600 px high; 'Seleziona una conversazione' until one is chosen; live; block and unblock an
 * identity from the conversation's header.
 */
export function PerformerChat({ performerId }: { performerId: string }) {
  const conversations = useConversations(performerId, 'performer');
  const { connected } = useChatRealtime(performerId);
  const block = useBlockIdentity(performerId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = conversations.data?.find((conversation) => conversation.id === selectedId) ?? null;

  const toggleBlock = () => {
    if (!selected) return;
    const blocking = !selected.blocked;
    block.mutate(
      { identityId: selected.identityId, block: blocking },
      {
        onSuccess: () =>
          notify({
            type: 'success',
            title: blocking ? `${selected.user.username} bloccato` : `${selected.user.username} sbloccato`,
          }),
        onError: (error) => notify({ type: 'error', title: 'Errore', description: errorMessage(error) }),
      },
    );
  };

  return (
    <Stack gap="3">
      <AlertsToggle />
      <ChatLayout
        height="600px"
        listWidth="300px"
        testId="performer-chat"
        list={
          <ConversationList
            viewer="performer"
            conversations={conversations.data}
            isPending={conversations.isPending}
            isError={conversations.isError}
            selectedId={selectedId}
            onSelect={(conversation) => setSelectedId(conversation.id)}
            empty="Nessuna conversazione: gli utenti ti scrivono dalla tua scheda."
          />
        }
        box={
          selected ? (
            <ChatBox
              key={selected.id}
              conversation={selected}
              viewer="performer"
              viewerId={performerId}
              connected={connected}
              onBack={() => setSelectedId(null)}
              action={
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette={selected.blocked ? 'gray' : 'red'}
                  loading={block.isPending}
                  onClick={toggleBlock}
                >
                  {selected.blocked ? 'Sblocca' : 'Blocca'}
                </Button>
              }
            />
          ) : null
        }
        placeholder={
          <Flex align="center" justify="center" height="100%" p="6">
            <Text color="fg.muted">Seleziona una conversazione</Text>
          </Flex>
        }
      />
    </Stack>
  );
}
