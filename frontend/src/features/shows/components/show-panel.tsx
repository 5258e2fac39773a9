import { useState, type ReactNode } from 'react';
import { Box, Button, Flex, Grid, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import {
  GOAL_FIELD_MESSAGES,
  SHOW_GOAL_DESCRIPTION_MAX,
  SHOW_TITLE_MAX,
  TIP_MENU_LABEL_MAX,
  TIP_MENU_MAX,
  type ShowView,
} from '@aura/contracts';
import { useFormik } from 'formik';
import { errorMessage } from '../../../lib/api-client';
import { fieldError, showRefusedFields } from '../../../lib/form-errors';
import { DateTimeField } from '../../../components/ui/date-time-field';
import { FormField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { formatAuracoin, formatEuroCents, formatNumber, parseAuracoin } from '../../../lib/format';
import { SectionCard } from '../../../components/ui/section-card';
import {
  useEndShow,
  useModeration,
  useRetitleShow,
  usePerformerShows,
  usePostShowMessage,
  useSetGoal,
  useSetTipMenu,
  useShow,
  useShowMessages,
  useShowLeaderboard,
  useShowTips,
  useStartShow,
  useTipMenu,
} from '../api/shows';
import { useShowRoom } from '../hooks/use-show-room';
import { Celebration, GoalBar, Leaderboard, RoomChat, ShowStatusLine } from './room-parts';
import { ShowPublisherVideo } from './show-media';
import { ObsCard, ObsStreamNotice } from './obs-card';
import { useWhipSettings } from '../api/whip';
import { goalSchema, goLiveSchema, tipMenuItemSchema } from './show-schemas';
import { TicketShowControls } from './ticket-show';

const GOAL_REFUSED = {
  'body.description': GOAL_FIELD_MESSAGES.description,
  'body.target': GOAL_FIELD_MESSAGES.target,
  'body.deadline': GOAL_FIELD_MESSAGES.deadline,
};

const duration = (seconds: number) => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min ${seconds % 60} s`;
};

/** Length, peak viewers, tips and earnings of a show. */
function ShowSummaryView({ show }: { show: ShowView }) {
  const s = show.summary;
  if (!s) return null;
  return (
    <Grid templateColumns={{ base: '1fr 1fr', md: 'repeat(4, 1fr)' }} gap="3" data-testid="show-summary">
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted">
          Durata
        </Text>
        <Text fontWeight="bold">{duration(s.durationSeconds)}</Text>
      </Stack>
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted">
          Picco spettatori
        </Text>
        <Text fontWeight="bold" data-testid="summary-peak">
          {formatNumber(s.peakViewers)}
        </Text>
      </Stack>
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted">
          Mance
        </Text>
        <Text fontWeight="bold" data-testid="summary-tips">
          {formatNumber(s.tipsCount)} · {formatAuracoin(s.tipsAmount)} auracoin
        </Text>
      </Stack>
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted">
          Guadagni
        </Text>
        <Text fontWeight="bold" color="gold.fg" data-testid="summary-earnings">
          {formatEuroCents(s.earningsCents)}
        </Text>
      </Stack>
    </Grid>
  );
}

function GoLiveForm({ performerId }: { performerId: string }) {
  const start = useStartShow(performerId);
  const [open, setOpen] = useState(false);
  const formik = useFormik({
    initialValues: { title: '' },
    validationSchema: goLiveSchema,
    onSubmit: async ({ title }, helpers) => {
      try {
        await start.mutateAsync(title.trim());
      } catch (error) {
        showRefusedFields(helpers, error, { title: 'Titolo obbligatorio, al massimo 80 caratteri' });
      }
    },
  });
  if (!open) {
    return (
      <Button colorPalette="brand" size="lg" onClick={() => setOpen(true)} data-testid="go-live">
        Vai in onda
      </Button>
    );
  }
  return (
    <form onSubmit={formik.handleSubmit} noValidate aria-label="Vai in onda">
      <Stack gap="3" maxW="lg">
        <Box
          position="relative"
          rounded="xl"
          overflow="hidden"
          bg="bg.muted"
          aspectRatio={16 / 9}
          data-testid="show-preview"
        >
          <ShowPublisherVideo showId={null} />
        </Box>
        <FormField label="Titolo dello show" required error={fieldError(formik, 'title')}>
          <Input maxLength={SHOW_TITLE_MAX} {...formik.getFieldProps('title')} data-testid="show-title-input" />
        </FormField>
        <HStack>
          <SubmitButton colorPalette="brand" loading={formik.isSubmitting} data-testid="go-live-confirm">
            Vai in onda
          </SubmitButton>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Annulla
          </Button>
        </HStack>
        {start.isError ? (
          <Text color="fg.error" role="alert">
            {errorMessage(start.error)}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/** Her live show's title, changeable while it is on (a show from OBS starts with her last one). */
function TitleForm({ show, performerId }: { show: ShowView; performerId: string }) {
  const retitle = useRetitleShow(performerId);
  const formik = useFormik({
    initialValues: { title: show.title },
    enableReinitialize: true,
    validationSchema: goLiveSchema,
    onSubmit: async ({ title }, helpers) => {
      try {
        await retitle.mutateAsync({ showId: show.id, title: title.trim() });
      } catch (error) {
        showRefusedFields(helpers, error, { title: 'Titolo obbligatorio, al massimo 80 caratteri' });
      }
    },
  });
  return (
    <form onSubmit={formik.handleSubmit} noValidate aria-label="Titolo dello show">
      <HStack align="end" gap="2" wrap="wrap">
        <Box flex="1" minW="40">
          <FormField label="Titolo dello show" required error={fieldError(formik, 'title')}>
            <Input maxLength={SHOW_TITLE_MAX} {...formik.getFieldProps('title')} data-testid="show-retitle-input" />
          </FormField>
        </Box>
        <SubmitButton
          variant="outline"
          loading={formik.isSubmitting}
          disabled={formik.values.title.trim() === show.title}
          data-testid="show-retitle-submit"
        >
          Cambia titolo
        </SubmitButton>
      </HStack>
      {retitle.isError ? (
        <Text color="fg.error" role="alert" fontSize="sm">
          {errorMessage(retitle.error)}
        </Text>
      ) : null}
    </form>
  );
}

/** A goal for the running show: what she will do, how many auracoin, and by when if she wants. */
function GoalForm({ showId }: { showId: string }) {
  const setGoal = useSetGoal(showId);
  const formik = useFormik({
    initialValues: { description: '', target: '' as string | number, deadline: '' },
    validationSchema: goalSchema,
    onSubmit: async (values, helpers) => {
      try {
        await setGoal.mutateAsync({
          description: values.description.trim(),
          target: parseAuracoin(values.target),
          deadline: values.deadline ? new Date(values.deadline).toISOString() : null,
        });
        helpers.resetForm();
      } catch (error) {
        showRefusedFields(helpers, error, GOAL_FIELD_MESSAGES);
      }
    },
  });
  return (
    <form onSubmit={formik.handleSubmit} noValidate aria-label="Obiettivo dello show">
      <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 1fr auto' }} gap="2" alignItems="end">
        <FormField label="Obiettivo" required error={fieldError(formik, 'description')}>
          <Input
            placeholder="es. Balla una canzone"
            maxLength={SHOW_GOAL_DESCRIPTION_MAX}
            {...formik.getFieldProps('description')}
            data-testid="goal-description"
          />
        </FormField>
        <FormField label="Auracoin" required error={fieldError(formik, 'target')}>
          <Input
            type="number"
            inputMode="decimal"
            min={0.5}
            step={0.5}
            {...formik.getFieldProps('target')}
            data-testid="goal-target"
          />
        </FormField>
        <FormField label="Scadenza (facoltativa)" error={fieldError(formik, 'deadline')}>
          <DateTimeField
            value={formik.values.deadline}
            onChange={(value) => void formik.setFieldValue('deadline', value)}
          />
        </FormField>
        <SubmitButton variant="outline" loading={formik.isSubmitting} data-testid="goal-submit">
          Imposta obiettivo
        </SubmitButton>
      </Grid>
      {setGoal.isError ? (
        <Text color="fg.error" role="alert" fontSize="sm">
          {errorMessage(setGoal.error, { fields: GOAL_REFUSED })}
        </Text>
      ) : null}
    </form>
  );
}

function TipMenuEditor({ performerId }: { performerId: string }) {
  const menu = useTipMenu(performerId);
  const save = useSetTipMenu(performerId);
  const items = menu.data?.items ?? [];
  const plain = items.map((item) => ({ label: item.label, price: item.price }));
  const formik = useFormik({
    initialValues: { label: '', price: '' as string | number },
    validationSchema: tipMenuItemSchema,
    onSubmit: async (values, helpers) => {
      try {
        await save.mutateAsync([...plain, { label: values.label.trim(), price: parseAuracoin(values.price) }]);
        helpers.resetForm();
      } catch {
        // the refusal shows under the form (errorMessage)
      }
    },
  });
  return (
    <Stack gap="2">
      {items.map((item, index) => (
        <Flex key={item.id} justify="space-between" align="center" gap="2">
          <Text>
            {item.label} · {formatAuracoin(item.price)} auracoin
          </Text>
          <Button
            size="xs"
            variant="ghost"
            onClick={() => save.mutate(plain.filter((_, other) => other !== index))}
            aria-label={`Rimuovi ${item.label}`}
          >
            Rimuovi
          </Button>
        </Flex>
      ))}
      {items.length < TIP_MENU_MAX ? (
        <form onSubmit={formik.handleSubmit} noValidate aria-label="Nuova voce del menu">
          <Grid templateColumns={{ base: '1fr', md: '2fr 1fr auto' }} gap="2" alignItems="end">
            <FormField label="Voce del menu" required error={fieldError(formik, 'label')}>
              <Input
                placeholder="es. Balla una canzone"
                maxLength={TIP_MENU_LABEL_MAX}
                {...formik.getFieldProps('label')}
              />
            </FormField>
            <FormField label="Prezzo della voce (auracoin)" required error={fieldError(formik, 'price')}>
              <Input type="number" inputMode="decimal" min={1} step={0.5} {...formik.getFieldProps('price')} />
            </FormField>
            <SubmitButton variant="outline" loading={formik.isSubmitting}>
              Aggiungi
            </SubmitButton>
          </Grid>
        </form>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Il menu ha già {TIP_MENU_MAX} voci: rimuovine una per aggiungerne un&apos;altra.
        </Text>
      )}
      {save.isError ? (
        <Text color="fg.error" role="alert" fontSize="sm">
          {errorMessage(save.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

function LiveShow({ show, performerId, video }: { show: ShowView; performerId: string; video?: ReactNode }) {
  const end = useEndShow(performerId);
  const messages = useShowMessages(show.id);
  const tips = useShowTips(show.id);
  const leaderboard = useShowLeaderboard(show.id);
  const room = useShowRoom(show.id);
  const post = usePostShowMessage(show.id);
  const moderation = useModeration(show.id);
  // her browser publishes only once it is known that OBS does not stream this show
  const whip = useWhipSettings(performerId);
  const fromObs = whip.data?.showId === show.id;
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="1">
          <Heading as="h3" size="lg">
            {show.title}
          </Heading>
          <ShowStatusLine status={show.status} viewerCount={show.viewerCount} />
        </Stack>
        <Button colorPalette="red" onClick={() => end.mutate(show.id)} loading={end.isPending} data-testid="end-show">
          Termina lo show
        </Button>
      </Flex>
      <Box
        position="relative"
        rounded="xl"
        overflow="hidden"
        bg="bg.muted"
        aspectRatio={16 / 9}
        maxH="md"
        data-testid="show-video-slot"
      >
        {video ??
          (fromObs ? (
            <ObsStreamNotice />
          ) : show.status === 'live' && !whip.isPending ? (
            <ShowPublisherVideo showId={show.id} />
          ) : null)}
      </Box>
      <ShowSummaryView show={show} />
      <TitleForm show={show} performerId={performerId} />
      <GoalBar goal={show.goal} />
      <Celebration tip={room.lastTip} reached={room.reached} />
      <Leaderboard board={leaderboard.data} />
      <GoalForm showId={show.id} />
      <TicketShowControls showId={show.id} />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <RoomChat
          lines={messages.data ?? []}
          canWrite
          onSend={(content) => post.mutateAsync({ content })}
          ownerId={performerId}
          moderation={{
            remove: (id) => moderation.remove.mutate(id),
            mute: (id) => moderation.mute.mutate(id),
            ban: (id) => moderation.ban.mutate(id),
          }}
        />
        <Stack gap="1" as="section" aria-label="Mance ricevute" data-testid="show-tips">
          {(tips.data ?? [])
            .slice(-10)
            .reverse()
            .map((tip) => (
              <Text key={tip.id} fontSize="sm">
                <strong>{tip.displayName}</strong> · {formatAuracoin(tip.amount)} auracoin
                {tip.menuItemLabel ? ` · ${tip.menuItemLabel}` : ''}
                {tip.message ? ` · ${tip.message}` : ''}
              </Text>
            ))}
        </Stack>
      </Grid>
    </Stack>
  );
}

/** Her show panel: 'Vai in onda', the live room with its figures, the tip menu, and the last show's summary. */
export function ShowPanel({ performerId, video }: { performerId: string; video?: ReactNode }) {
  const shows = usePerformerShows(performerId);
  const current = shows.data?.find((show) => show.status !== 'ended') ?? null;
  const live = useShow(current?.id ?? null);
  const last = shows.data?.find((show) => show.status === 'ended') ?? null;
  return (
    <Stack gap="5">
      <SectionCard title="Show dal vivo">
        {shows.isPending ? (
          <Text role="status">Caricamento...</Text>
        ) : current && live.data ? (
          <LiveShow show={live.data} performerId={performerId} video={video} />
        ) : (
          <Stack gap="4">
            <GoLiveForm performerId={performerId} />
            {last ? (
              <Stack gap="2">
                <Heading as="h3" size="md">
                  Ultimo show: {last.title}
                </Heading>
                <ShowSummaryView show={last} />
              </Stack>
            ) : null}
          </Stack>
        )}
      </SectionCard>
      <SectionCard title="Menu delle mance">
        <TipMenuEditor performerId={performerId} />
      </SectionCard>
      <ObsCard performerId={performerId} />
    </Stack>
  );
}
