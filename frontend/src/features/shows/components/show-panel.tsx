import { useState, type ReactNode } from 'react';
import { Box, Button, Flex, Grid, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { TIP_MENU_MAX, type ShowView } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatEuroCents, formatNumber } from '../../../lib/format';
import { SectionCard } from '../../../components/ui/section-card';
import { useEndShow, useModeration, usePerformerShows, usePostShowMessage, useSetGoal, useSetTipMenu, useShow, useShowMessages, useShowTips, useStartShow, useTipMenu } from '../api/shows';
import { useShowRoom } from '../hooks/use-show-room';
import { Celebration, GoalBar, RoomChat, ShowStatusLine } from './room-parts';
import { ShowPublisherVideo } from './show-media';

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
        <Text fontSize="xs" color="fg.muted">Durata</Text>
        <Text fontWeight="bold">{duration(s.durationSeconds)}</Text>
      </Stack>
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted">Picco spettatori</Text>
        <Text fontWeight="bold" data-testid="summary-peak">{formatNumber(s.peakViewers)}</Text>
      </Stack>
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted">Mance</Text>
        <Text fontWeight="bold" data-testid="summary-tips">
          {formatNumber(s.tipsCount)} · {formatAuracoin(s.tipsAmount)} auracoin
        </Text>
      </Stack>
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted">Guadagni</Text>
        <Text fontWeight="bold" color="gold.fg" data-testid="summary-earnings">{formatEuroCents(s.earningsCents)}</Text>
      </Stack>
    </Grid>
  );
}

function GoLiveForm({ performerId }: { performerId: string }) {
  const start = useStartShow(performerId);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  if (!open) {
    return (
      <Button colorPalette="brand" size="lg" onClick={() => setOpen(true)} data-testid="go-live">
        Vai in onda
      </Button>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate(title);
      }}
    >
      <Stack gap="2" maxW="lg">
        <Box position="relative" rounded="xl" overflow="hidden" bg="bg.muted" aspectRatio={16 / 9} data-testid="show-preview">
          <ShowPublisherVideo showId={null} />
        </Box>
        <label htmlFor="show-title-input">
          <Text fontWeight="semibold">Titolo dello show</Text>
        </label>
        <Input id="show-title-input" value={title} onChange={(event) => setTitle(event.target.value)} maxLength={80} data-testid="show-title-input" />
        <HStack>
          <Button type="submit" colorPalette="brand" loading={start.isPending} disabled={title.trim() === ''} data-testid="go-live-confirm">
            Vai in onda
          </Button>
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

function GoalForm({ showId }: { showId: string }) {
  const setGoal = useSetGoal(showId);
  const [description, setDescription] = useState('');
  const [target, setTarget] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setGoal.mutate({ description, target: Number(target.replace(',', '.')) }, { onSuccess: () => (setDescription(''), setTarget('')) });
      }}
    >
      <Stack gap="2" direction={{ base: 'column', md: 'row' }}>
        <Input value={description} onChange={(event) => setDescription(event.target.value)} placeholder="Obiettivo (es. Balla una canzone)" aria-label="Descrizione dell'obiettivo" data-testid="goal-description" />
        <Input type="number" min={0.5} step={0.5} value={target} onChange={(event) => setTarget(event.target.value)} placeholder="Auracoin" aria-label="Obiettivo in auracoin" maxW={{ md: '32' }} data-testid="goal-target" />
        <Button type="submit" variant="outline" loading={setGoal.isPending} data-testid="goal-submit">
          Imposta obiettivo
        </Button>
      </Stack>
      {setGoal.isError ? (
        <Text color="fg.error" role="alert" fontSize="sm">
          {errorMessage(setGoal.error)}
        </Text>
      ) : null}
    </form>
  );
}

function TipMenuEditor({ performerId }: { performerId: string }) {
  const menu = useTipMenu(performerId);
  const save = useSetTipMenu(performerId);
  const [label, setLabel] = useState('');
  const [price, setPrice] = useState('');
  const items = menu.data?.items ?? [];
  const plain = items.map((item) => ({ label: item.label, price: item.price }));
  return (
    <Stack gap="2">
      {items.map((item, index) => (
        <Flex key={item.id} justify="space-between" align="center" gap="2">
          <Text>
            {item.label} · {formatAuracoin(item.price)} auracoin
          </Text>
          <Button size="xs" variant="ghost" onClick={() => save.mutate(plain.filter((_, other) => other !== index))}>
            Rimuovi
          </Button>
        </Flex>
      ))}
      {items.length < TIP_MENU_MAX ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate([...plain, { label, price: Number(price.replace(',', '.')) }], { onSuccess: () => (setLabel(''), setPrice('')) });
          }}
        >
          <Stack gap="2" direction={{ base: 'column', md: 'row' }}>
            <Input value={label} onChange={(event) => setLabel(event.target.value)} placeholder="Voce (es. Balla una canzone)" aria-label="Voce del menu" />
            <Input type="number" min={1} step={0.5} value={price} onChange={(event) => setPrice(event.target.value)} placeholder="Auracoin" aria-label="Prezzo della voce" maxW={{ md: '32' }} />
            <Button type="submit" variant="outline" loading={save.isPending} disabled={label.trim() === ''}>
              Aggiungi
            </Button>
          </Stack>
        </form>
      ) : null}
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
  const room = useShowRoom(show.id);
  const post = usePostShowMessage(show.id);
  const moderation = useModeration(show.id);
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Stack gap="1">
          <Heading as="h3" size="lg">{show.title}</Heading>
          <ShowStatusLine status={show.status} viewerCount={show.viewerCount} />
        </Stack>
        <Button colorPalette="red" onClick={() => end.mutate(show.id)} loading={end.isPending} data-testid="end-show">
          Termina lo show
        </Button>
      </Flex>
      <Box position="relative" rounded="xl" overflow="hidden" bg="bg.muted" aspectRatio={16 / 9} maxH="md" data-testid="show-video-slot">
        {video ?? (show.status === 'live' ? <ShowPublisherVideo showId={show.id} /> : null)}
      </Box>
      <ShowSummaryView show={show} />
      <GoalBar goal={show.goal} />
      <Celebration tip={room.lastTip} reached={room.reached} />
      <GoalForm showId={show.id} />
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
        <RoomChat
          lines={messages.data ?? []}
          canWrite
          onSend={(content) => post.mutateAsync({ content })}
          ownerId={performerId}
          moderation={{ remove: (id) => moderation.remove.mutate(id), mute: (id) => moderation.mute.mutate(id), ban: (id) => moderation.ban.mutate(id) }}
        />
        <Stack gap="1" as="section" aria-label="Mance ricevute" data-testid="show-tips">
          {(tips.data ?? []).slice(-10).reverse().map((tip) => (
            <Text key={tip.id} fontSize="sm">
              <strong>{tip.displayName}</strong> · {formatAuracoin(tip.amount)} auracoin{tip.menuItemLabel ? ` · ${tip.menuItemLabel}` : ''}
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
                <Heading as="h3" size="md">Ultimo show: {last.title}</Heading>
                <ShowSummaryView show={last} />
              </Stack>
            ) : null}
          </Stack>
        )}
      </SectionCard>
      <SectionCard title="Menu delle mance">
        <TipMenuEditor performerId={performerId} />
      </SectionCard>
    </Stack>
  );
}
