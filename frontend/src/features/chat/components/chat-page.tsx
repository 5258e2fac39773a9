import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Card, Container, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { ConversationView } from '@aura/contracts';
import { rememberIdentityWith } from '../../../lib/last-identity';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin } from '../../../lib/format';
import { notify } from '../../../components/ui/toaster';
import { ArrowLeftIcon, MessageIcon } from '../../../components/ui/icons';
import type { ChosenIdentity } from '../../../components/identity/alias-chooser';
import { useConversations, useStartConversation } from '../api/conversations';
import { useChatRealtime } from '../hooks/use-chat-realtime';
import { ChatBox } from './chat-box';
import { ChatLayout } from './chat-layout';
import { ConversationList } from './conversation-list';
import { AlertsToggle } from './message-alerts';

const AliasChooser = lazy(() =>
  import('../../../components/identity/alias-chooser').then((m) => ({ default: m.AliasChooser })),
);

/** How long the login message shows before going to /login. */
const LOGIN_REDIRECT_MS = 1500;

/** docs/product.md#chat, #errors: without a stored user, the chat says so and sends to /login. */
export function ChatLoginNotice() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/login', { replace: true }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Container maxW="md" py="20">
      <Card.Root bg="bg.panel" rounded="2xl" textAlign="center">
        <Card.Body gap="4" alignItems="center">
          <MessageIcon />
          <Heading as="h1" size="xl">
            Chat
          </Heading>
          <Text fontSize="lg" role="alert">
            Effettua il login per accedere alla chat.
          </Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/login">Vai al Login</RouterLink>
          </Button>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

export interface ChatPageProps {
  user: { id: string; username: string; auracoinBalance: number };
}

/** Whom the chooser is open for: a performer to write to, starting from an identity. */
type Choosing = { performerId: string; aliasId: string | null | undefined };

/**
 * /chat for a signed-in user: the conversation list on the left, the chat box on the right (one
 * column with a back button on phones). Opening a conversation, from the list or from a
 * performer's card (`?performerId=`), asks 'Chi vuoi essere oggi?' first; choosing another
 * identity opens that identity's conversation. The open conversation is kept in the address
 * (`?conversation=`), so a reload shows it again.
 */
export function ChatPage({ user }: ChatPageProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const conversations = useConversations(user.id, 'user');
  const start = useStartConversation(user.id);
  const { connected } = useChatRealtime(user.id);
  const selectedId = params.get('conversation');
  const fromCard = params.get('performerId');
  const [choosing, setChoosing] = useState<Choosing | null>(null);
  const [chooserUsed, setChooserUsed] = useState(false);
  if (!chooserUsed && (choosing !== null || fromCard !== null)) setChooserUsed(true);

  // from her card: the chooser starts from the identity he last used with her (the chooser finds it)
  const chooser: Choosing | null = choosing ?? (fromCard ? { performerId: fromCard, aliasId: undefined } : null);
  const selected = conversations.data?.find((conversation) => conversation.id === selectedId) ?? null;

  const open = (conversationId: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('performerId');
        if (conversationId) next.set('conversation', conversationId);
        else next.delete('conversation');
        return next;
      },
      { replace: conversationId === null },
    );

  const closeChooser = () => {
    setChoosing(null);
    if (fromCard) open(selectedId);
  };

  const confirm = (performerId: string, identity: ChosenIdentity) => {
    setChoosing(null);
    const existing = conversations.data?.find((c) => c.performerId === performerId && c.aliasId === identity.aliasId);
    if (existing) {
      open(existing.id);
      return;
    }
    start.mutate(
      { performerId, aliasId: identity.aliasId },
      {
        onSuccess: (conversation) => open(conversation.id),
        onError: (error) => {
          notify({ type: 'error', title: 'Impossibile aprire la chat', description: errorMessage(error) });
          open(selectedId);
        },
      },
    );
  };

  return (
    <Container maxW="7xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }}>
      <title>Chat · Aura</title>
      <Stack gap="4">
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <HStack gap="3">
            <Button variant="ghost" size="sm" onClick={() => void navigate('/user')}>
              <ArrowLeftIcon />
              Indietro
            </Button>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
              Chat
            </Heading>
          </HStack>
          <AlertsToggle />
          <Text fontSize="sm" color="fg.muted">
            Saldo:{' '}
            <Text as="strong" color="gold.fg" data-testid="chat-balance">
              {formatAuracoin(user.auracoinBalance)}
            </Text>{' '}
            auracoin
          </Text>
        </HStack>
        <ChatLayout
          height={{ base: 'calc(100dvh - 170px)', md: '600px' }}
          listWidth="320px"
          list={
            <ConversationList
              viewer="user"
              conversations={conversations.data}
              isPending={conversations.isPending}
              isError={conversations.isError}
              selectedId={selectedId}
              onSelect={(conversation: ConversationView) => {
                // a conversation is already one identity's: it opens as it is ('Cambia identità' switches)
                rememberIdentityWith(user.id, conversation.performerId, conversation.aliasId);
                open(conversation.id);
              }}
              empty="Nessuna conversazione: scrivi a una performer dalla sua scheda."
            />
          }
          box={
            selected ? (
              <ChatBox
                key={selected.id}
                conversation={selected}
                viewer="user"
                viewerId={user.id}
                connected={connected}
                onBack={() => open(null)}
                action={
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => setChoosing({ performerId: selected.performerId, aliasId: selected.aliasId })}
                  >
                    Cambia identità
                  </Button>
                }
              />
            ) : null
          }
          placeholder={
            <Flex direction="column" align="center" justify="center" height="100%" gap="3" p="6" textAlign="center">
              <MessageIcon />
              <Heading as="h2" size="md">
                Seleziona una conversazione
              </Heading>
              <Link asChild color="brand.fg">
                <RouterLink to="/#performers">Sfoglia le performer</RouterLink>
              </Link>
            </Flex>
          }
        />
      </Stack>
      {chooserUsed ? (
        <Suspense fallback={null}>
          <AliasChooser
            open={chooser !== null && !start.isPending}
            userId={user.id}
            realName={user.username}
            performerId={chooser?.performerId ?? null}
            selectedAliasId={chooser?.aliasId}
            onCancel={closeChooser}
            onConfirm={(identity) => chooser && confirm(chooser.performerId, identity)}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
