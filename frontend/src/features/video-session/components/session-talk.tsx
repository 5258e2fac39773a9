import { useId, useState } from 'react';
import { Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { CHAT_MESSAGE_MAX, TIP_MAX, TIP_MIN, type SessionParty, type SessionTalkView } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { fieldError } from '../../../lib/form-errors';
import { formatAuracoinLabel, parseAuracoin } from '../../../lib/format';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { usePostSessionMessage, useTipSession } from '../api/talk';
import { useSessionTalk } from '../hooks/use-session-talk';
import { sessionLineSchema, sessionTipSchema } from './talk-schemas';

export interface SessionTalkProps {
  sessionId: string;
  /** which side this page is: only the user tips */
  role: SessionParty;
  /** the session runs: lines and tips can be sent (afterwards they are only read) */
  running: boolean;
  /** her name, said in the tip's hint */
  performerName: string;
}

type Entry =
  | { kind: 'message'; id: string; at: string; from: SessionParty; displayName: string; text: string }
  | { kind: 'tip'; id: string; at: string; displayName: string; amount: number };

/** Lines and tips in the order they happened. */
function entriesOf(talk: SessionTalkView | undefined): Entry[] {
  if (!talk) return [];
  const lines: Entry[] = talk.messages.map((line) => ({ kind: 'message', at: line.postedAt, ...line }));
  const tips: Entry[] = talk.tips.map((tip) => ({ kind: 'tip', at: tip.tippedAt, ...tip }));
  return [...lines, ...tips].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The chat inside a private session (issue 40 item 5): both parties' lines and his tips, live on
 * both pages; a line to send, and for him a tip ('Invia mancia'). Collapsible, so that a phone
 * keeps the video in sight.
 */
export function SessionTalk({ sessionId, role, running, performerName }: SessionTalkProps) {
  const talk = useSessionTalk(sessionId);
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const entries = entriesOf(talk);
  return (
    <Box
      as="section"
      aria-label="Chat della videochat"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded={{ base: '0', md: 'xl' }}
      p="3"
      data-testid="session-talk"
    >
      <Flex justify="space-between" align="center" gap="2">
        <Text fontWeight="semibold">
          Chat{talk && talk.tipsTotal > 0 ? ` · mance ${formatAuracoinLabel(talk.tipsTotal)}` : ''}
        </Text>
        <Button
          size="xs"
          variant="ghost"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((shown) => !shown)}
          data-testid="session-talk-toggle"
        >
          {open ? 'Nascondi chat' : `Mostra chat (${entries.length})`}
        </Button>
      </Flex>
      <Stack gap="2" id={bodyId} hidden={!open} pt="2">
        <Stack
          gap="1"
          maxH={{ base: '32', md: '64' }}
          overflowY="auto"
          p="2"
          rounded="md"
          bg="bg.muted"
          role="log"
          aria-live="polite"
          aria-label="Messaggi e mance"
          tabIndex={0}
          data-testid="session-lines"
        >
          {entries.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              Nessun messaggio: scrivi tu il primo.
            </Text>
          ) : (
            entries.map((entry) =>
              entry.kind === 'message' ? (
                <Text key={entry.id} fontSize="sm" wordBreak="break-word" data-testid="session-line">
                  <Text as="span" fontWeight="semibold" color={entry.from === 'performer' ? 'brand.fg' : 'fg'}>
                    {entry.displayName}
                  </Text>{' '}
                  {entry.text}
                </Text>
              ) : (
                <Text key={entry.id} fontSize="sm" fontWeight="semibold" color="green.fg" data-testid="session-tip">
                  {entry.displayName} ha lasciato una mancia di {formatAuracoinLabel(entry.amount)}
                </Text>
              ),
            )
          )}
        </Stack>
        {running ? <LineForm sessionId={sessionId} /> : null}
        {running && role === 'user' ? <TipForm sessionId={sessionId} performerName={performerName} /> : null}
      </Stack>
    </Box>
  );
}

function LineForm({ sessionId }: { sessionId: string }) {
  const post = usePostSessionMessage(sessionId);
  const formik = useFormik({
    initialValues: { text: '' },
    validationSchema: sessionLineSchema,
    validateOnBlur: false,
    onSubmit: async ({ text }, helpers) => {
      await post.mutateAsync(text).then(
        () => helpers.resetForm(),
        () => undefined,
      );
    },
  });
  return (
    <form onSubmit={formik.handleSubmit} noValidate aria-label="Scrivi un messaggio">
      <Flex gap="2" align="flex-end">
        <Box flex="1">
          <FormField label="Messaggio" error={fieldError(formik, 'text')}>
            <Input
              maxLength={CHAT_MESSAGE_MAX}
              placeholder="Scrivi…"
              autoComplete="off"
              {...formik.getFieldProps('text')}
              data-testid="session-line-input"
            />
          </FormField>
        </Box>
        <SubmitButton colorPalette="brand" loading={post.isPending} data-testid="session-line-send">
          Invia
        </SubmitButton>
      </Flex>
      {post.isError ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {errorMessage(post.error)}
        </Text>
      ) : null}
    </form>
  );
}

function TipForm({ sessionId, performerName }: { sessionId: string; performerName: string }) {
  const tip = useTipSession(sessionId);
  const formik = useFormik({
    initialValues: { amount: '5' as string | number },
    validationSchema: sessionTipSchema,
    onSubmit: async ({ amount }) => {
      await tip.mutateAsync(parseAuracoin(amount)).catch(() => undefined);
    },
  });
  return (
    <form onSubmit={formik.handleSubmit} noValidate aria-label="Lascia una mancia">
      <Flex gap="2" align="flex-end">
        <Box flex="1">
          <FormField
            label="Mancia (auracoin)"
            error={fieldError(formik, 'amount')}
            helperText={`Va a ${performerName}; le mance sono definitive`}
          >
            <Input
              type="number"
              inputMode="decimal"
              min={TIP_MIN}
              max={TIP_MAX}
              step={0.5}
              {...formik.getFieldProps('amount')}
              data-testid="session-tip-amount"
            />
          </FormField>
        </Box>
        <SubmitButton colorPalette="green" loading={tip.isPending} data-testid="session-tip-send">
          Invia mancia
        </SubmitButton>
      </Flex>
      {tip.isError ? (
        <Text role="alert" color="fg.error" fontSize="sm" data-testid="session-tip-problem">
          {errorMessage(tip.error)}
        </Text>
      ) : null}
    </form>
  );
}
