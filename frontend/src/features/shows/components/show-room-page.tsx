import { useState, type ReactNode } from 'react';
import { Box, Button, Container, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { errorMessages, type UserView } from '@aura/contracts';
import { AliasChooser, type ChosenIdentity } from '../../../components/identity/alias-chooser';
import { ReportDialog, type ReportTarget } from '../../../components/moderation/report-dialog';
import { call } from '../../../lib/api';
import { formatAuracoin } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { usePostShowMessage, useLiveShows, useShow, useShowLeaderboard, useShowMessages, useTip } from '../api/shows';
import { useShowRoom } from '../hooks/use-show-room';
import { Celebration, GoalBar, Leaderboard, RoomChat, ShowStatusLine, TipBox } from './room-parts';
import { ShowViewerVideo } from './show-media';
import { TicketRequiredNotice, TicketShowBanner, ticketRequired } from './ticket-show';
import { useTicketShow } from '../api/ticket-shows';

export interface ShowRoomPageProps {
  performerId: string;
  user: UserView | null;
  /** the media of the show (the video, 'Stanza piena'), composed by the page */
  video?: (showId: string) => ReactNode;
}

/** /show/:performerId: her public show, for anyone (docs/product.md#shows). */
export function ShowRoomPage({ performerId, user, video }: ShowRoomPageProps) {
  const navigate = useNavigate();
  const live = useLiveShows();
  const [showId, setShowId] = useState<string | null>(null);
  const found = live.data?.find((show) => show.performerId === performerId);
  if (found && found.id !== showId) setShowId(found.id);
  const show = useShow(showId);
  const messages = useShowMessages(showId);
  const leaderboard = useShowLeaderboard(showId);
  const room = useShowRoom(showId);
  const ticketShow = useTicketShow(showId);
  const tip = useTip(showId ?? '');
  const post = usePostShowMessage(showId ?? '');
  const performer = useQuery({
    queryKey: queryKeys.performers.detail(performerId),
    queryFn: ({ signal }) => call('getPerformer', { params: { id: performerId }, signal }),
  });
  const [identity, setIdentity] = useState<ChosenIdentity | null>(null);
  const [choosing, setChoosing] = useState<'room' | 'private' | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);

  const name = show.data?.performerName ?? performer.data?.name ?? '';
  const rate = performer.data?.creditsPerMinute;
  const startPrivate = () => {
    if (!user) {
      void navigate('/login');
      return;
    }
    setChoosing('private');
  };

  if (live.isPending || (showId && show.isPending)) {
    return (
      <Container maxW="6xl" py="10">
        <Text role="status">Caricamento...</Text>
      </Container>
    );
  }
  if (!showId || !show.data) {
    return (
      <Container maxW="6xl" py="10">
        <Heading as="h1" size="2xl">
          {name ? `${name} non è in onda` : 'Show non in onda'}
        </Heading>
        <Text color="fg.muted" mt="2">
          In questo momento non c&apos;è uno show dal vivo.
        </Text>
      </Container>
    );
  }
  const s = show.data;
  const refused = room.access && !room.access.ok ? errorMessages[room.access.error] : null;
  const canWrite = user !== null && room.access?.ok === true && room.access.canWrite;

  return (
    <Container maxW="7xl" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }}>
      <Stack gap="5">
        <Flex
          justify="space-between"
          align={{ base: 'flex-start', md: 'center' }}
          gap="3"
          direction={{ base: 'column', md: 'row' }}
        >
          <Stack gap="1">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} data-testid="show-title">
              {s.title}
            </Heading>
            <Text color="fg.muted">{name}</Text>
            <Flex gap="2" align="center" wrap="wrap">
              <ShowStatusLine status={s.status} viewerCount={s.viewerCount} />
              <Button
                size="xs"
                variant="ghost"
                aria-label={`Segnala lo show di ${name}`}
                onClick={() => setReporting({ kind: 'show', id: s.id, label: `lo show «${s.title}» di ${name}` })}
              >
                Segnala
              </Button>
            </Flex>
          </Stack>
          <Stack gap="1" align={{ base: 'stretch', md: 'flex-end' }}>
            {rate !== undefined ? (
              <Text fontSize="sm" color="fg.muted" data-testid="show-private-rate">
                Privato: {formatAuracoin(rate)} auracoin/min
              </Text>
            ) : null}
            <Button
              colorPalette="brand"
              onClick={startPrivate}
              disabled={s.status !== 'live'}
              data-testid="show-private"
            >
              Privato
            </Button>
          </Stack>
        </Flex>
        {s.status === 'ended' ? (
          <Box p="6" rounded="xl" bg="bg.muted" role="alert" data-testid="show-ended">
            <Text fontSize="xl" fontWeight="bold">
              Lo show è terminato
            </Text>
          </Box>
        ) : refused ? (
          <Box p="6" rounded="xl" bg="bg.muted" role="alert" data-testid="show-refused">
            <Text fontSize="lg">{refused}</Text>
          </Box>
        ) : (
          <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="5">
            <Stack gap="4">
              <TicketShowBanner showId={s.id} signedIn={user !== null} />
              <Box
                position="relative"
                rounded="xl"
                overflow="hidden"
                bg="bg.muted"
                aspectRatio={16 / 9}
                data-testid="show-video-slot"
              >
                {s.status === 'paused' ? (
                  <Flex position="absolute" inset="0" align="center" justify="center">
                    <Text fontSize="xl" fontWeight="bold" data-testid="show-paused">
                      In privato
                    </Text>
                  </Flex>
                ) : ticketRequired(ticketShow.data) ? (
                  <TicketRequiredNotice />
                ) : video ? (
                  video(s.id)
                ) : (
                  <ShowViewerVideo key={s.status} showId={s.id} performerName={name} />
                )}
              </Box>
              <GoalBar goal={s.goal} />
              <Celebration tip={room.lastTip} reached={room.reached} />
              {user ? (
                <TipBox
                  menu={s.tipMenu}
                  performerName={name}
                  onTip={(body) => tip.mutateAsync({ ...body, aliasId: identity?.aliasId ?? null })}
                />
              ) : (
                <Text fontSize="sm" color="fg.muted">
                  Accedi per lasciare una mancia.
                </Text>
              )}
            </Stack>
            <Stack gap="3">
              {user ? (
                <Flex gap="2" align="center" fontSize="sm" wrap="wrap">
                  <Text color="fg.muted">
                    Nella stanza sei:{' '}
                    <strong data-testid="room-identity">{identity?.displayName ?? user.username}</strong>
                  </Text>
                  <Button size="xs" variant="outline" onClick={() => setChoosing('room')}>
                    Cambia
                  </Button>
                </Flex>
              ) : null}
              <Leaderboard board={leaderboard.data} />
              <RoomChat
                lines={messages.data ?? []}
                canWrite={canWrite}
                onSend={(content) => post.mutateAsync({ content, aliasId: identity?.aliasId ?? null })}
                onReport={(line) =>
                  setReporting({ kind: 'show_message', id: line.id, label: `il messaggio di ${line.displayName}` })
                }
              />
            </Stack>
          </Grid>
        )}
      </Stack>
      {user ? (
        <AliasChooser
          open={choosing !== null}
          userId={user.id}
          realName={user.username}
          selectedAliasId={identity?.aliasId ?? null}
          onCancel={() => setChoosing(null)}
          onConfirm={(chosen) => {
            const what = choosing;
            setChoosing(null);
            if (what === 'room') {
              setIdentity(chosen);
              return;
            }
            const alias = chosen.aliasId ? `&aliasId=${encodeURIComponent(chosen.aliasId)}` : '';
            const rateParam = rate !== undefined ? `&rate=${rate}` : '';
            void navigate(
              `/video-session?performerId=${encodeURIComponent(performerId)}` +
                `&displayName=${encodeURIComponent(chosen.displayName)}${alias}${rateParam}`,
            );
          }}
        />
      ) : null}
      <ReportDialog target={reporting} signedIn={user !== null} onClose={() => setReporting(null)} />
    </Container>
  );
}
