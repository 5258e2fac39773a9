import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { CHAT_MESSAGE_MAX, messageLength, messageProblem } from '@aura/contracts';
import type { OutgoingMessage } from '../api/messages';

export interface ComposerProps {
  /** sends; resolves once stored (the text is then cleared), rejects to keep it for another try */
  onSend: (message: OutgoingMessage) => Promise<unknown>;
  sending: boolean;
  /** nothing can be sent (blocked, closed): the reason is shown above */
  disabled: boolean;
  onTyping: (typing: boolean) => void;
}

/** Counter shown from this many characters on. */
const COUNT_FROM = CHAT_MESSAGE_MAX - 200;

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

/**
 * The message box: Enter sends, Shift+Enter starts a new line; blank or over-long text cannot be
 * sent and the button is disabled while sending (docs/product.md#validation). A text keeps its client id until it is
 * stored, so a retried send is stored and charged once.
 */
export function Composer({ onSend, sending, disabled, onTyping }: ComposerProps) {
  const [text, setText] = useState('');
  const clientId = useRef(newClientId());
  const problem = messageProblem(text);
  const canSend = !disabled && !sending && problem === null;
  const length = messageLength(text);

  const send = () => {
    if (!canSend) return;
    onTyping(false);
    onSend({ content: text, clientMessageId: clientId.current }).then(
      () => {
        setText('');
        clientId.current = newClientId();
      },
      () => undefined,
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      aria-label="Scrivi un messaggio"
    >
      <Stack gap="1">
        <HStack gap="2" align="flex-end">
          <Textarea
            value={text}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              onTyping(value.trim() !== '');
            }}
            onKeyDown={onKeyDown}
            onBlur={() => onTyping(false)}
            aria-label="Messaggio"
            placeholder={disabled ? 'Non puoi scrivere in questa conversazione' : 'Scrivi un messaggio…'}
            disabled={disabled}
            autoresize
            maxH="32"
            rows={1}
            bg="bg.subtle"
            aria-invalid={problem === 'too_long'}
            aria-describedby="composer-hint"
            data-testid="message-input"
          />
          <Button type="submit" colorPalette="brand" disabled={!canSend} loading={sending} data-testid="send-message">
            Invia
          </Button>
        </HStack>
        <Text id="composer-hint" fontSize="xs" color={problem === 'too_long' ? 'fg.error' : 'fg.muted'}>
          {problem === 'too_long'
            ? `Massimo ${CHAT_MESSAGE_MAX} caratteri (${length})`
            : length >= COUNT_FROM
              ? `${length}/${CHAT_MESSAGE_MAX}`
              : 'Invio per inviare, Maiusc+Invio per andare a capo'}
        </Text>
      </Stack>
    </form>
  );
}
