import { useState } from 'react';
import { Badge, Box, Button, Flex, Grid, HStack, Input, Progress, Stack, Text } from '@chakra-ui/react';
import {
  SHOW_MESSAGE_MAX,
  TIP_MAX,
  TIP_MESSAGE_MAX,
  TIP_MIN,
  type ShowGoalView,
  type ShowLeaderboardView,
  type ShowMessageView,
  type ShowTipView,
  type TipMenuItemView,
} from '@aura/contracts';
import { useFormik } from 'formik';
import { errorMessage } from '../../../lib/api-client';
import { fieldError } from '../../../lib/form-errors';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { tipSchema } from './show-schemas';
import { formatAuracoin, formatNumber, parseAuracoin } from '../../../lib/format';

/** 'In onda' / 'In privato' / 'Lo show è terminato', with the live viewer count. */
export function ShowStatusLine({ status, viewerCount }: { status: 'live' | 'paused' | 'ended'; viewerCount: number }) {
  return (
    <HStack gap="3" flexWrap="wrap">
      {status === 'live' ? (
        <Badge colorPalette="red" variant="solid" data-testid="show-status">
          In onda
        </Badge>
      ) : status === 'paused' ? (
        <Badge colorPalette="purple" variant="solid" data-testid="show-status">
          In privato
        </Badge>
      ) : (
        <Badge colorPalette="gray" variant="solid" data-testid="show-status">
          Lo show è terminato
        </Badge>
      )}
      {status !== 'ended' ? (
        <Text fontSize="sm" color="fg.muted" data-testid="show-viewers" aria-live="polite">
          {formatNumber(viewerCount)} {viewerCount === 1 ? 'spettatore' : 'spettatori'}
        </Text>
      ) : null}
    </HStack>
  );
}

/** The goal bar: what she asks, how far the tips have got. */
export function GoalBar({ goal }: { goal: ShowGoalView | null }) {
  if (!goal) return null;
  const percent = Math.min(100, Math.round((goal.progress / goal.target) * 100));
  return (
    <Stack gap="1" data-testid="goal-bar" data-progress={goal.progress}>
      <Flex justify="space-between" gap="2" fontSize="sm">
        <Text fontWeight="semibold">Obiettivo: {goal.description}</Text>
        <Text color="gold.fg" data-testid="goal-progress">
          {formatAuracoin(goal.progress)} / {formatAuracoin(goal.target)} auracoin
        </Text>
      </Flex>
      <Progress.Root
        value={percent}
        colorPalette="brand"
        size="md"
        aria-label={`Obiettivo ${goal.description}: ${percent}%`}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      {goal.deadline ? (
        <Text fontSize="xs" color="fg.muted">
          Scade alle {new Date(goal.deadline).toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit' })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A short celebration for a tip or a reached goal, read out by screen readers. */
export function Celebration({ tip, reached }: { tip: ShowTipView | null; reached: string | null }) {
  return (
    <Box role="status" aria-live="polite" minH="6" data-testid="show-celebration">
      {reached ? (
        <Text fontWeight="bold" color="gold.fg">
          🎉 Obiettivo raggiunto: {reached}!
        </Text>
      ) : tip ? (
        <Text color="brand.fg">
          {tip.displayName} ha lasciato {formatAuracoin(tip.amount)} auracoin
          {tip.menuItemLabel ? ` per «${tip.menuItemLabel}»` : ''}
          {tip.message ? `: ${tip.message}` : ''}
        </Text>
      ) : null}
    </Box>
  );
}

export interface RoomChatProps {
  lines: ShowMessageView[];
  /** signed in and not muted */
  canWrite: boolean;
  onSend?: (content: string) => Promise<unknown>;
  /** she and admins: delete, mute, ban */
  moderation?: { remove(id: string): void; mute(identityId: string): void; ban(identityId: string): void };
  /** lines that are hers (not moderated) */
  ownerId?: string;
  /** anyone watching: 'Segnala' on a line opens the report form (DSA Art. 16) */
  onReport?: (line: ShowMessageView) => void;
}

/** Her (and the admins') buttons on a user's line: who wrote it reaches only them (issue 39 item 8). */
function LineModeration({
  moderation,
  lineId,
  identityId,
}: {
  moderation: NonNullable<RoomChatProps['moderation']>;
  lineId: string;
  identityId: string;
}) {
  return (
    <HStack gap="1">
      <Button size="xs" variant="ghost" onClick={() => moderation.remove(lineId)}>
        Elimina
      </Button>
      <Button size="xs" variant="ghost" onClick={() => moderation.mute(identityId)}>
        Silenzia
      </Button>
      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => moderation.ban(identityId)}>
        Allontana
      </Button>
    </HStack>
  );
}

/** The room chat: lines rendered as text; visitors read. */
export function RoomChat({ lines, canWrite, onSend, moderation, ownerId, onReport }: RoomChatProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!onSend || draft.trim() === '') return;
    setSending(true);
    setProblem(null);
    try {
      await onSend(draft);
      setDraft('');
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="3" as="section" aria-label="Chat della stanza">
      <Stack
        gap="1"
        maxH="80"
        overflowY="auto"
        p="3"
        rounded="lg"
        bg="bg.muted"
        data-testid="room-chat"
        aria-live="polite"
        tabIndex={0}
      >
        {lines.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            Nessun messaggio: scrivi tu il primo.
          </Text>
        ) : (
          lines.map((line) => (
            <Flex key={line.id} gap="2" align="baseline" wrap="wrap" data-testid="room-line">
              <Text as="span" fontWeight="semibold" color={line.senderType === 'performer' ? 'brand.fg' : 'fg'}>
                {line.displayName}
              </Text>
              <Text as="span" flex="1" wordBreak="break-word">
                {line.content}
              </Text>
              {moderation && line.identityId && line.identityId !== ownerId && line.senderType === 'user' ? (
                <LineModeration moderation={moderation} lineId={line.id} identityId={line.identityId} />
              ) : null}
              {onReport ? (
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={`Segnala il messaggio di ${line.displayName}`}
                  onClick={() => onReport(line)}
                >
                  Segnala
                </Button>
              ) : null}
            </Flex>
          ))
        )}
      </Stack>
      {canWrite && onSend ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Flex gap="2">
            <Input
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={SHOW_MESSAGE_MAX}
              placeholder="Scrivi nella stanza…"
              aria-label="Messaggio per la stanza"
              data-testid="room-chat-input"
            />
            <Button type="submit" colorPalette="brand" loading={sending} disabled={draft.trim() === ''}>
              Invia
            </Button>
          </Flex>
        </form>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Accedi per scrivere nella stanza.
        </Text>
      )}
      {problem ? (
        <Text color="fg.error" role="alert" fontSize="sm">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The tip box: an amount with an optional message, and her menu's items, each paid once confirmed. */
export function TipBox({
  menu,
  onTip,
  performerName,
}: {
  menu: TipMenuItemView[];
  /** who the tip goes to, named in the confirmation */
  performerName?: string;
  onTip: (tip: {
    amount: number;
    message?: string | null;
    menuItemId?: string | null;
    expectedPrice?: number;
  }) => Promise<unknown>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** a menu item chosen, waiting for its confirmation */
  const [chosen, setChosen] = useState<TipMenuItemView | null>(null);
  const tip = async (body: Parameters<typeof onTip>[0]) => {
    setBusy(true);
    setProblem(null);
    try {
      await onTip(body);
      return true;
    } catch (error) {
      setProblem(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const formik = useFormik({
    initialValues: { amount: '10' as string | number, message: '' },
    validationSchema: tipSchema,
    onSubmit: async (values, helpers) => {
      if (await tip({ amount: parseAuracoin(values.amount), message: values.message.trim() || null }))
        helpers.resetForm({ values: { amount: values.amount, message: '' } });
    },
  });
  return (
    <Stack gap="3" as="section" aria-label="Mance">
      <form onSubmit={formik.handleSubmit} noValidate aria-label="Lascia una mancia">
        <Grid templateColumns={{ base: '1fr', sm: '8rem 1fr auto' }} gap="2" alignItems="end">
          <FormField label="Mancia (auracoin)" required error={fieldError(formik, 'amount')}>
            <Input
              type="number"
              inputMode="decimal"
              min={TIP_MIN}
              max={TIP_MAX}
              step={0.5}
              {...formik.getFieldProps('amount')}
              data-testid="tip-amount"
            />
          </FormField>
          <FormField label="Messaggio (facoltativo)" error={fieldError(formik, 'message')}>
            <Input maxLength={TIP_MESSAGE_MAX} {...formik.getFieldProps('message')} />
          </FormField>
          <SubmitButton colorPalette="brand" loading={busy} data-testid="tip-send">
            Lascia la mancia
          </SubmitButton>
        </Grid>
      </form>
      {menu.length > 0 ? (
        <Flex gap="2" wrap="wrap" data-testid="tip-menu">
          {menu.map((item) => (
            <Button key={item.id} size="sm" variant="outline" disabled={busy} onClick={() => setChosen(item)}>
              {item.label} · {formatAuracoin(item.price)}
            </Button>
          ))}
        </Flex>
      ) : null}
      <DialogFrame
        open={chosen !== null}
        onClose={() => setChosen(null)}
        role="alertdialog"
        title="Confermi la mancia?"
        testId="tip-confirm"
        footer={
          <>
            <Button variant="outline" onClick={() => setChosen(null)} disabled={busy}>
              Annulla
            </Button>
            <Button
              colorPalette="brand"
              loading={busy}
              onClick={() => {
                if (!chosen) return;
                const item = chosen;
                void tip({ amount: item.price, menuItemId: item.id, expectedPrice: item.price }).then(() =>
                  setChosen(null),
                );
              }}
            >
              Paga {chosen ? formatAuracoin(chosen.price) : ''} auracoin
            </Button>
          </>
        }
      >
        {chosen ? (
          <Text>
            «{chosen.label}» costa <strong>{formatAuracoin(chosen.price)} auracoin</strong>
            {performerName ? `, che vanno a ${performerName}` : ''}. Le mance sono definitive e non si rimborsano.
          </Text>
        ) : null}
      </DialogFrame>
      {problem ? (
        <Text color="fg.error" role="alert" fontSize="sm" data-testid="tip-problem">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The room's best tippers: the first is 'Re della stanza'; the rest, up to ten, under 'Classifica'. */
export function Leaderboard({ board }: { board: ShowLeaderboardView | undefined }) {
  const tippers = board?.tippers ?? [];
  const [king, ...others] = tippers;
  return (
    <Stack gap="2" as="section" aria-labelledby="room-leaderboard-title" data-testid="show-leaderboard">
      <Text id="room-leaderboard-title" fontWeight="semibold">
        Classifica delle mance
      </Text>
      {king ? (
        <>
          <Flex gap="2" align="center" wrap="wrap" data-testid="room-king">
            <Badge colorPalette="yellow" variant="solid">
              <span aria-hidden="true">👑</span> Re della stanza
            </Badge>
            <Text fontWeight="bold">{king.displayName}</Text>
            <Text color="fg.muted" fontSize="sm">
              {formatAuracoin(king.amount)} auracoin
            </Text>
          </Flex>
          {others.length > 0 ? (
            <Box asChild ps="5" fontSize="sm" listStyleType="decimal">
              <ol start={2}>
                {others.map((tipper) => (
                  <li key={tipper.rank} data-testid="leaderboard-line">
                    {tipper.displayName} · {formatAuracoin(tipper.amount)} auracoin
                  </li>
                ))}
              </ol>
            </Box>
          ) : null}
        </>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          Ancora nessuna mancia in questo show.
        </Text>
      )}
    </Stack>
  );
}
