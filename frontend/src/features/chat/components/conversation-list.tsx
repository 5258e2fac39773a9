import { Avatar, Badge, Box, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ChatParty, ConversationView } from '@aura/contracts';
import { formatShortDate, formatTime, initialsOf } from '../../../lib/format';

export interface ConversationListProps {
  /** who is looking: a user sees performers, a performer sees identities */
  viewer: ChatParty;
  conversations: ConversationView[] | undefined;
  isPending: boolean;
  isError: boolean;
  selectedId: string | null;
  onSelect: (conversation: ConversationView) => void;
  empty: string;
}

/** Today's messages by the hour, older ones by the day. */
function when(iso: string): string {
  return new Date(iso).toDateString() === new Date().toDateString() ? formatTime(iso) : formatShortDate(iso);
}

/** The conversations, newest activity first, with unread counts; a button each. */
export function ConversationList({
  viewer,
  conversations,
  isPending,
  isError,
  selectedId,
  onSelect,
  empty,
}: ConversationListProps) {
  if (isPending) return <Spinner m="4" aria-label="Caricamento..." />;
  if (isError) {
    return (
      <Text role="alert" color="fg.error" p="4" fontSize="sm">
        Impossibile caricare le conversazioni
      </Text>
    );
  }
  if (!conversations || conversations.length === 0) {
    return (
      <Text color="fg.muted" p="4" fontSize="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="1" p="2" listStyleType="none" aria-label="Conversazioni">
      {conversations.map((conversation) => {
        const name = viewer === 'user' ? conversation.performer.name : conversation.user.username;
        const selected = conversation.id === selectedId;
        const unread = conversation.unreadCount;
        return (
          <li key={conversation.id}>
            <Box
              as="button"
              width="100%"
              textAlign="left"
              p="3"
              rounded="lg"
              bg={selected ? 'bg.emphasized' : 'transparent'}
              _hover={{ bg: 'bg.muted' }}
              aria-current={selected ? 'true' : undefined}
              data-testid="conversation-item"
              onClick={() => onSelect(conversation)}
            >
              <HStack gap="3" align="center">
                <Box position="relative" flexShrink={0}>
                  <Avatar.Root size="md" colorPalette={viewer === 'user' ? 'pink' : 'purple'}>
                    {viewer === 'user' && conversation.performer.image ? (
                      <Avatar.Image src={conversation.performer.image} alt="" />
                    ) : null}
                    <Avatar.Fallback>{initialsOf(name)}</Avatar.Fallback>
                  </Avatar.Root>
                  {viewer === 'user' && conversation.performer.isOnline ? (
                    <Box
                      position="absolute"
                      bottom="0"
                      right="0"
                      boxSize="3"
                      rounded="full"
                      bg="green.400"
                      borderWidth="2px"
                      borderColor="bg.panel"
                    />
                  ) : null}
                </Box>
                <Stack gap="0" flex="1" minW="0">
                  <HStack justify="space-between" gap="2">
                    <Text fontWeight={unread > 0 ? 'bold' : 'semibold'} truncate>
                      {name}
                    </Text>
                    {conversation.lastMessageAt ? (
                      <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                        {when(conversation.lastMessageAt)}
                      </Text>
                    ) : null}
                  </HStack>
                  {viewer === 'user' ? (
                    <Text fontSize="xs" color="fg.muted" truncate>
                      come {conversation.user.username}
                      {conversation.aliasId ? ' · Anonimo' : ''}
                    </Text>
                  ) : null}
                  <HStack justify="space-between" gap="2">
                    <Text fontSize="sm" color="fg.muted" truncate>
                      {conversation.lastMessage
                        ? `${conversation.lastMessage.senderType === viewer ? 'Tu: ' : ''}${conversation.lastMessage.content}`
                        : 'Nessun messaggio'}
                    </Text>
                    {unread > 0 ? (
                      <Badge
                        colorPalette="pink"
                        variant="solid"
                        rounded="full"
                        flexShrink={0}
                        data-testid="unread-count"
                      >
                        {unread}
                        <Box as="span" srOnly>
                          {unread === 1 ? ' messaggio non letto' : ' messaggi non letti'}
                        </Box>
                      </Badge>
                    ) : null}
                  </HStack>
                  {conversation.blocked || conversation.closed ? (
                    <Text fontSize="xs" color="fg.error">
                      {conversation.blocked ? 'Bloccato' : 'Chiusa'}
                    </Text>
                  ) : null}
                </Stack>
              </HStack>
            </Box>
          </li>
        );
      })}
    </Stack>
  );
}
