import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import {
  errorMessages,
  MESSAGE_POLL_MS,
  MESSAGES_PAGE_DEFAULT,
  type ChatParty,
  type ConversationView,
  type MessageView,
} from '@aura/contracts';
import { changedPrice, errorCode, errorMessage } from '../../../lib/api-client';
import { formatMessagePrice, formatShortDate, formatTime, initialsOf } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { PriceChanged } from '../../../components/ui/price-changed';
import { ReportDialog, type ReportTarget } from '../../../components/moderation/report-dialog';
import { markReadUpTo, unreadFor, withMessagePrice, withUnread } from '../api/cache';
import {
  loadOlderMessages,
  markConversationRead,
  messagesQueryOptions,
  useSendMessage,
  type OutgoingMessage,
} from '../api/messages';
import { useTyping } from '../hooks/use-typing';
import { setViewingConversation } from '../hooks/alert-settings';
import { Composer } from './composer';

export interface ChatBoxProps {
  conversation: ConversationView;
  viewer: ChatParty;
  /** the id the viewer sends and reads as: the user's own id, or the performer's */
  viewerId: string;
  /** the socket is up: no polling; down: the messages are polled every 3 seconds */
  connected: boolean;
  /** phones: back to the list */
  onBack?: () => void;
  /** the header's action: change identity (user), block or unblock (performer) */
  action?: ReactNode;
}

function MessageBubble({
  message,
  own,
  otherName,
  onReport,
}: {
  message: MessageView;
  own: boolean;
  otherName: string;
  /** the other party's message: 'Segnala' opens the report form (DSA Art. 16) */
  onReport?: () => void;
}) {
  const time =
    new Date(message.createdAt).toDateString() === new Date().toDateString()
      ? formatTime(message.createdAt)
      : `${formatShortDate(message.createdAt)} ${formatTime(message.createdAt)}`;
  return (
    <Flex
      justify={own ? 'flex-end' : 'flex-start'}
      data-testid="chat-message"
      data-own={own}
      data-read={message.isRead}
    >
      <Box
        maxW="80%"
        minW="0"
        px="3"
        py="2"
        rounded="xl"
        bg={own ? 'brand.solid' : 'bg.muted'}
        color={own ? 'brand.contrast' : 'fg'}
      >
        <Text srOnly>{own ? 'Tu' : otherName}: </Text>
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid="chat-message-text">
          {message.content}
        </Text>
        <Text fontSize="xs" textAlign="right">
          {time}
          {own ? ` · ${message.isRead ? 'Letto' : 'Inviato'}` : ''}
        </Text>
      </Box>
      {!own && onReport ? (
        <Button
          size="2xs"
          variant="ghost"
          alignSelf="flex-end"
          aria-label={`Segnala il messaggio di ${otherName}`}
          onClick={onReport}
        >
          Segnala
        </Button>
      ) : null}
    </Flex>
  );
}

/**
 * One conversation: its header (who, Online/Offline, 'in chat come', the price), the messages as
 * text in a log screen readers announce, 'sta scrivendo…', and the composer. The other party's
 * messages are marked read while it is open; pushes keep it live, a poll only while the socket is down.
 */
export function ChatBox({ conversation, viewer, viewerId, connected, onBack, action }: ChatBoxProps) {
  const queryClient = useQueryClient();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const messages = useQuery({
    ...messagesQueryOptions(conversation.id),
    refetchInterval: connected ? false : MESSAGE_POLL_MS,
  });
  const send = useSendMessage(conversation, { id: viewerId, type: viewer });
  const { otherTyping, typing } = useTyping(conversation.id, viewer);
  const [hasOlder, setHasOlder] = useState<boolean | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const reading = useRef(false);
  // its messages are read here: no toast for them
  useEffect(() => {
    setViewingConversation(conversation.id);
    return () => setViewingConversation(null);
  }, [conversation.id]);
  // a mark finished: look again, messages may have come while it was on its way
  const [readRound, setReadRound] = useState(0);
  const otherName = viewer === 'user' ? conversation.performer.name : conversation.user.username;
  const list = messages.data;

  // the other party's messages become read while the box is open (docs/product.md#states)
  useEffect(() => {
    if (!list || reading.current || unreadFor(list, viewer) === 0) return;
    reading.current = true;
    const newest = [...list].reverse().find((message) => message.senderType !== viewer)!;
    markConversationRead(conversation.id, viewerId)
      .then(() => {
        queryClient.setQueryData<MessageView[]>(
          queryKeys.messages.ofConversation(conversation.id),
          (current) => current && markReadUpTo(current, viewer, newest.id),
        );
        queryClient.setQueryData<ConversationView[]>(
          queryKeys.conversations.ofParty(viewerId),
          (current) => current && withUnread(current, conversation.id, 0),
        );
        reading.current = false;
        setReadRound((round) => round + 1);
      })
      .catch(() => {
        // tried again when the messages next change
        reading.current = false;
      });
  }, [list, viewer, viewerId, conversation.id, queryClient, readRound]);

  // keep the newest message in view when it arrives, unless the reader scrolled up
  const count = list?.length ?? 0;
  const stickToBottom = useRef(true);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log && stickToBottom.current) log.scrollTop = log.scrollHeight;
  }, [count, otherTyping]);

  const olderAvailable = hasOlder ?? count >= MESSAGES_PAGE_DEFAULT;
  const loadOlder = () => {
    const log = logRef.current;
    const fromBottom = log ? log.scrollHeight - log.scrollTop : 0;
    setLoadingOlder(true);
    stickToBottom.current = false;
    loadOlderMessages(queryClient, conversation.id)
      .then((more) => setHasOlder(more))
      .catch(() => undefined)
      .finally(() => {
        setLoadingOlder(false);
        requestAnimationFrame(() => {
          if (log) log.scrollTop = log.scrollHeight - fromBottom;
        });
      });
  };

  // a user's message carries the price he sees; refused because she changed it, it waits for his confirmation
  const [repriced, setRepriced] = useState<{
    message: OutgoingMessage;
    price: number;
    done: (sent: Promise<unknown>) => void;
  } | null>(null);
  const sendMessage = (message: OutgoingMessage): Promise<unknown> => {
    setRepriced(null);
    const expectedPrice = viewer === 'user' ? conversation.performer.messagePrice : undefined;
    return send.mutateAsync({ ...message, expectedPrice }).catch((error: unknown) => {
      const price = viewer === 'user' ? changedPrice(error) : undefined;
      if (price === undefined) throw error;
      queryClient.setQueryData<ConversationView[]>(
        queryKeys.conversations.ofParty(viewerId),
        (list) => list && withMessagePrice(list, conversation.performerId, price),
      );
      // the composer keeps the text until he confirms (then clears it) or sends anew
      return new Promise((resolve, reject) =>
        setRepriced({ message, price, done: (sent) => void sent.then(resolve, reject) }),
      );
    });
  };
  const confirmPrice = () => {
    if (!repriced) return;
    setRepriced(null);
    repriced.done(send.mutateAsync({ ...repriced.message, expectedPrice: repriced.price }));
  };

  const refusal = send.error ? errorCode(send.error) : undefined;
  const blockedNotice =
    viewer === 'user' ? errorMessages.blocked : 'Hai bloccato questa identità: sbloccala per scriverle di nuovo.';

  return (
    <Flex direction="column" height="100%" minH="0" data-testid="chat-box">
      <HStack gap="3" px={{ base: '3', md: '4' }} py="3" borderBottomWidth="1px" borderColor="border" flexShrink={0}>
        {onBack ? (
          <IconButton aria-label="Torna alle conversazioni" variant="ghost" size="sm" onClick={onBack} hideFrom="md">
            <ArrowLeftIcon />
          </IconButton>
        ) : null}
        <Avatar.Root size="md" colorPalette={viewer === 'user' ? 'pink' : 'purple'}>
          {viewer === 'user' && conversation.performer.image ? (
            <Avatar.Image src={conversation.performer.image} alt="" />
          ) : null}
          <Avatar.Fallback>{initialsOf(otherName)}</Avatar.Fallback>
        </Avatar.Root>
        <Stack gap="0" flex="1" minW="0">
          <HStack gap="2">
            <Text fontWeight="bold" truncate data-testid="chat-with">
              {otherName}
            </Text>
            {viewer === 'user' ? (
              <Badge
                colorPalette={conversation.performer.isOnline ? 'green' : 'gray'}
                variant="solid"
                size="sm"
                data-testid="chat-presence"
              >
                {conversation.performer.isOnline ? 'Online' : 'Offline'}
              </Badge>
            ) : null}
          </HStack>
          {viewer === 'user' ? (
            <Text fontSize="xs" color="fg.muted" truncate>
              in chat come <strong data-testid="chatting-as">{conversation.user.username}</strong> ·{' '}
              {formatMessagePrice(conversation.performer.messagePrice)}
            </Text>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              I messaggi dell&apos;utente ti fanno guadagnare il 55%
            </Text>
          )}
        </Stack>
        {action}
      </HStack>

      <Box
        ref={logRef}
        flex="1"
        minH="0"
        overflowY="auto"
        px={{ base: '3', md: '4' }}
        py="3"
        onScroll={(event) => {
          const log = event.currentTarget;
          stickToBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
        }}
      >
        {olderAvailable && count > 0 ? (
          <Flex justify="center" mb="3">
            <Button size="xs" variant="outline" onClick={loadOlder} loading={loadingOlder}>
              Messaggi precedenti
            </Button>
          </Flex>
        ) : null}
        {messages.isPending ? <Spinner aria-label="Caricamento..." /> : null}
        {messages.isError ? (
          <Text role="alert" color="fg.error" fontSize="sm">
            {errorMessage(messages.error)}
          </Text>
        ) : null}
        {list && list.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" textAlign="center" mt="6">
            {viewer === 'user' ? `Scrivi il primo messaggio a ${otherName}.` : 'Nessun messaggio.'}
          </Text>
        ) : null}
        <Stack gap="2" role="log" aria-live="polite" aria-relevant="additions" aria-label={`Messaggi con ${otherName}`}>
          {list?.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              own={message.senderType === viewer}
              otherName={otherName}
              onReport={() => setReporting({ kind: 'message', id: message.id, label: `il messaggio di ${otherName}` })}
            />
          ))}
        </Stack>
      </Box>

      <Stack gap="2" px={{ base: '3', md: '4' }} py="3" borderTopWidth="1px" borderColor="border" flexShrink={0}>
        <Text fontSize="xs" color="fg.muted" minH="4" aria-live="polite" data-testid="typing">
          {otherTyping ? `${otherName} sta scrivendo…` : ''}
        </Text>
        {conversation.blocked ? (
          <Alert.Root status="warning" size="sm" rounded="md">
            <Alert.Indicator />
            <Alert.Title>{blockedNotice}</Alert.Title>
          </Alert.Root>
        ) : conversation.closed ? (
          <Alert.Root status="info" size="sm" rounded="md">
            <Alert.Indicator />
            <Alert.Title>{errorMessages.conversation_closed}</Alert.Title>
          </Alert.Root>
        ) : null}
        {send.isError ? (
          <Alert.Root status="error" size="sm" rounded="md" data-testid="send-error">
            <Alert.Indicator />
            <Alert.Content>
              {refusal === 'price_changed' && repriced ? (
                <PriceChanged
                  currentPrice={repriced.price}
                  unit="auracoin a messaggio"
                  onConfirm={confirmPrice}
                  busy={send.isPending}
                />
              ) : (
                <Alert.Title>{errorMessage(send.error)}</Alert.Title>
              )}
              {refusal === 'insufficient_balance' ? (
                <Alert.Description>
                  <Link asChild color="brand.fg" fontWeight="semibold">
                    <RouterLink to="/user">Acquista auracoin</RouterLink>
                  </Link>
                </Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Composer
          onSend={sendMessage}
          sending={send.isPending}
          disabled={conversation.blocked || conversation.closed}
          onTyping={typing}
        />
      </Stack>
      <ReportDialog target={reporting} signedIn onClose={() => setReporting(null)} />
    </Flex>
  );
}
