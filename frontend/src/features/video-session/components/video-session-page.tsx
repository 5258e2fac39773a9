import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Box, Button, Container, Flex, Heading, HStack, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  auracoinToUnits,
  chargeIfEndedNow,
  minimumSessionCost,
  SPIES_ALLOWED_NOTICE,
  spiesAllowed,
  startedMinutes,
  unitsToAuracoin,
  type PublicPerformerView,
  type SessionView,
} from '@aura/contracts';
import { changedPrice, errorCode, errorMessage, errorStatus } from '../../../lib/api-client';
import { PriceChanged } from '../../../components/ui/price-changed';
import { formatAuracoin, formatAuracoinLabel } from '../../../lib/format';
import { performerProfileQueryOptions } from '../../../lib/shared-queries';
import { openSessionsQueryOptions, sessionQueryOptions, useEndSession, useRequestSession } from '../api/sessions';
import { isOpen } from '../api/cache';
import { sessionClock } from '../api/clock';
import { useFullscreen } from '../hooks/use-fullscreen';
import { useLocalMedia } from '../hooks/use-local-media';
import { useNow } from '../hooks/use-now';
import { useSessionJoin } from '../hooks/use-session-join';
import { useSessionPeer } from '../hooks/use-session-peer';
import { useSessionRealtime } from '../hooks/use-session-realtime';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { DeviceSettings } from './device-settings';
import { MediaVideo } from './media-video';
import { CameraIcon, ControlButton, FullscreenIcon, HangUpIcon, MicIcon, SoundIcon } from './session-controls';
import { closedMessage, secondsUntil } from './session-messages';
import { SessionReceipt } from './session-receipt';
import { SessionTalk } from './session-talk';
import { useSessionTalk } from '../hooks/use-session-talk';
import { RateSession } from './RateSession';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** docs/product.md#video-session, #errors: without performerId, the performer or the user, 'Sessione non valida' and the way home. */
export function InvalidSession() {
  return (
    <Container maxW="md" py={{ base: '16', md: '24' }}>
      <title>Sessione non valida · Aura</title>
      <Stack
        gap="5"
        align="center"
        textAlign="center"
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="2xl"
        px="8"
        py="10"
        data-testid="invalid-session"
      >
        <Heading as="h1" size="2xl">
          Sessione non valida
        </Heading>
        <Text color="fg.muted">
          Il link della videochat non è completo, oppure la performer non esiste più o non sei connesso.
        </Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Torna alla Home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

export interface VideoSessionPageProps {
  /** the signed-in user (null: none stored) and his balance (auracoin), for the receipt */
  user: { id: string; username: string; auracoinBalance?: number } | null;
}

/** The rate he saw on her card or dialog (`&rate=`), when the link carries one. */
function seenRateOf(value: string | null): number | null {
  const rate = value === null || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(rate) && rate >= 0 ? rate : null;
}

/** /video-session?performerId&displayName[&aliasId][&rate]: the user's side of a private session. */
export function VideoSessionPage({ user }: VideoSessionPageProps) {
  const [params] = useSearchParams();
  const performerId = params.get('performerId');
  const valid = user !== null && performerId !== null && UUID.test(performerId);
  const performer = useQuery({ ...performerProfileQueryOptions(performerId ?? ''), enabled: valid });
  if (!valid) return <InvalidSession />;
  if (performer.isError) {
    const status = errorStatus(performer.error);
    if (status === 404 || status === 400) return <InvalidSession />;
    return (
      <Container maxW="md" py="16">
        <Text role="alert" color="fg.error">
          {errorMessage(performer.error)}
        </Text>
      </Container>
    );
  }
  if (!performer.data) return <Spinner size="lg" m="10" aria-label="Caricamento..." />;
  return (
    <SessionRoom
      userId={user.id}
      balance={user.auracoinBalance}
      performer={performer.data}
      displayName={params.get('displayName') ?? user.username}
      aliasId={params.get('aliasId')}
      seenRate={seenRateOf(params.get('rate'))}
    />
  );
}

interface SessionRoomProps {
  userId: string;
  balance: number | undefined;
  performer: PublicPerformerView;
  displayName: string;
  aliasId: string | null;
  /** the per-minute rate he saw before coming here (null: the one this page shows) */
  seenRate: number | null;
}

function SessionRoom({ userId, balance, performer, displayName, aliasId, seenRate }: SessionRoomProps) {
  const navigate = useNavigate();
  useSessionRealtime(userId);
  const open = useQuery(openSessionsQueryOptions(userId));
  const request = useRequestSession(userId);
  const end = useEndSession(userId);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const existing = open.data?.find((session) => session.performer.id === performer.id);
  // an open session with her found on arrival (a reload) is this page's session from now on, also once it ends
  if (sessionId === null && existing) setSessionId(existing.id);
  const currentId = sessionId ?? existing?.id ?? null;
  const session = useQuery({ ...sessionQueryOptions(currentId ?? ''), enabled: currentId !== null });
  const view: SessionView | undefined = session.data;

  // landing here asks her once (a reload finds the open request or session instead), at the rate he
  // saw; a rate she changed meanwhile is asked again only once he confirms it (docs/product.md#price-seen)
  const asked = useRef(false);
  const [expectedPrice, setExpectedPrice] = useState(seenRate ?? performer.creditsPerMinute);
  const ask = useCallback(
    (price: number = expectedPrice) => {
      asked.current = true;
      setExpectedPrice(price);
      request.mutate(
        { performerId: performer.id, aliasId, expectedPrice: price },
        { onSuccess: (created) => setSessionId(created.id) },
      );
    },
    [request, performer.id, aliasId, expectedPrice],
  );
  const listed = open.isSuccess;
  useEffect(() => {
    if (listed && currentId === null && !asked.current) ask();
  }, [listed, currentId, ask]);

  const running = view?.status === 'active';
  const joined = view !== undefined && isOpen(view);
  const counterpart = useSessionJoin(currentId, joined);
  const media = useLocalMedia();
  const mediaState = useMemo(() => ({ camera: media.camera, mic: media.mic }), [media.camera, media.mic]);
  const peer = useSessionPeer({
    sessionId: currentId,
    role: 'user',
    live: running,
    arrivals: counterpart.arrivals,
    tracks: media.tracks,
    mediaState,
  });
  const now = useNow(joined);
  const clock = view ? sessionClock(view, now) : null;
  // the session is over (ended, declined, expired): his camera and microphone close with it, not when he leaves the page
  const over = view !== undefined && !isOpen(view);
  const stopMedia = media.stop;
  useEffect(() => {
    if (over) stopMedia();
  }, [over, stopMedia]);

  const [playingStream, setPlayingStream] = useState<MediaStream | null>(null);
  const playing = peer.remoteStream !== null && playingStream === peer.remoteStream;
  const [soundBlocked, setSoundBlocked] = useState(false);
  const onMutedAutoplay = useCallback(() => setSoundBlocked(true), []);
  const remoteVideo = useRef<HTMLDivElement>(null);
  const unmute = () => {
    const video = remoteVideo.current?.querySelector('video');
    if (video) {
      video.muted = false;
      void video.play().catch(() => undefined);
    }
    setSoundBlocked(false);
  };

  const stage = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(stage);

  // ending a running session before the minimum pays the minimum: he is told how much and asked first
  // (docs/product.md#session-minimum); a session that ran ends on its receipt, a request withdrawn goes back to /user
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const endNow =
    view?.status === 'active' && view.startedAt
      ? chargeIfEndedNow(
          startedMinutes(now - Date.parse(view.startedAt), view.billingMinuteMs),
          auracoinToUnits(view.ratePerMinute),
          view.minimumMinutes,
        )
      : null;
  const endSession = () => {
    setConfirmingEnd(false);
    if (currentId && view && isOpen(view))
      end.mutate(currentId, view.status === 'active' ? {} : { onSettled: () => void navigate('/user') });
    else void navigate('/user');
  };
  const finish = () => {
    if (endNow?.minimumApplies) setConfirmingEnd(true);
    else endSession();
  };
  const retry = (price?: number) => {
    setSessionId(null);
    setPlayingStream(null);
    ask(price);
  };

  const status = statusOf({
    view,
    requestPending: request.isPending || (!view && !request.isError),
    playing,
    counterpartAway: view?.counterpartAway ?? false,
    now,
    name: performer.name,
  });
  const closed = view && !isOpen(view) ? closedMessage(view) : null;
  // lines and tips once she accepted: live while it runs, read on its receipt afterwards
  const talking = view?.startedAt ? view.id : null;
  const talk = useSessionTalk(talking);
  const requestError = request.isError && !view ? request.error : null;
  const chattingAs = view?.identity.displayName ?? displayName;

  // her name, the identity, the timer and the cost: above the stage, never over the picture or the receipt
  // (a phone's stage is small); over the picture only in full screen, where nothing else is shown
  const header = (
    <Flex
      position={fullscreen.active ? 'absolute' : 'relative'}
      top="0"
      insetX="0"
      zIndex="1"
      px={{ base: '3', md: fullscreen.active ? '4' : '0' }}
      py={{ base: '2', md: fullscreen.active ? '4' : '0' }}
      gap="3"
      align="flex-start"
      justify="space-between"
      // over the picture in full screen: a solid dark band, not a fading gradient (axe computes the text's contrast on it)
      bg={fullscreen.active ? 'blackAlpha.700' : undefined}
      color={fullscreen.active ? 'white' : undefined}
      data-testid="session-header"
    >
      <Stack gap="1">
        <HStack gap="2">
          {running ? (
            <Badge colorPalette="red" variant="solid" fontWeight="bold" data-testid="live-badge">
              LIVE
            </Badge>
          ) : null}
          <Heading as="h1" size={{ base: 'md', md: 'lg' }} data-testid="session-performer-name">
            {performer.name}
          </Heading>
        </HStack>
        <Text fontSize="sm">
          in chat come <strong data-testid="chatting-as">{chattingAs}</strong>
        </Text>
      </Stack>
      <Stack gap="0" align="flex-end" textAlign="right">
        <Text
          fontSize={{ base: 'lg', md: 'xl' }}
          fontWeight="bold"
          fontVariantNumeric="tabular-nums"
          aria-label="Durata"
          role="timer"
          data-testid="session-timer"
        >
          {clock?.elapsed ?? '00:00'}
        </Text>
        <Text fontSize="sm" data-testid="session-cost">
          {formatAuracoinLabel(clock?.cost ?? 0)}
        </Text>
      </Stack>
    </Flex>
  );

  return (
    <Container maxW="6xl" px={{ base: '0', md: '6' }} py={{ base: '0', md: '6' }}>
      <title>{`Videochat con ${performer.name} · Aura`}</title>
      <Stack gap="3">
        {fullscreen.active ? null : header}
        <Box
          ref={stage}
          position="relative"
          bg="black"
          rounded={{ base: '0', md: '2xl' }}
          overflow="hidden"
          aspectRatio={fullscreen.active || over ? undefined : { base: 3 / 4, md: 16 / 9 }}
          maxH={fullscreen.active || over ? undefined : { base: '72vh', md: '75vh' }}
          height={fullscreen.active ? '100vh' : undefined}
          width="100%"
          data-testid="session-stage"
        >
          <Box ref={remoteVideo} position="absolute" inset="0">
            <MediaVideo
              stream={peer.remoteStream}
              onPlaying={() => setPlayingStream(peer.remoteStream)}
              onMutedAutoplay={onMutedAutoplay}
              objectFit="contain"
              aria-label={`Video di ${performer.name}`}
              data-testid="remote-video"
            />
          </Box>
          {!playing ? (
            <Image
              position="absolute"
              inset="0"
              src={performer.image}
              alt={`Foto di ${performer.name}`}
              width="100%"
              height="100%"
              objectFit="cover"
              opacity={0.85}
              data-testid="performer-photo"
            />
          ) : null}
          {fullscreen.active ? header : null}
          {media.preview ? (
            <Box
              position="absolute"
              bottom={{ base: '20', md: '24' }}
              right="3"
              width={{ base: '28', md: '44' }}
              aspectRatio={4 / 3}
              rounded="lg"
              overflow="hidden"
              borderWidth="2px"
              borderColor="whiteAlpha.700"
              boxShadow="lg"
            >
              <MediaVideo stream={media.preview} self aria-label="La tua fotocamera" data-testid="local-video" />
            </Box>
          ) : null}
          {status || closed || requestError ? (
            // scrolls when the receipt is taller than the stage (a phone held upright); margin auto centres without clipping the top
            <Flex
              position={over ? 'relative' : 'absolute'}
              inset={over ? undefined : '0'}
              p={{ base: '3', md: '6' }}
              overflowY={over ? undefined : 'auto'}
              pointerEvents="none"
            >
              <Stack
                gap="2"
                maxW="sm"
                m="auto"
                textAlign="center"
                bg="bg.panel"
                color="fg"
                borderWidth="1px"
                borderColor="border"
                rounded="xl"
                px="5"
                py="4"
                pointerEvents="auto"
                data-testid="session-status-card"
              >
                {closed ? (
                  <>
                    <Heading as="h2" size="lg">
                      {closed.title}
                    </Heading>
                    <Text>{closed.detail}</Text>
                    {view?.startedAt ? (
                      <SessionReceipt
                        view={view}
                        elapsed={clock?.elapsed ?? '00:00'}
                        balance={balance}
                        tips={talk?.tips}
                      >
                        {/* the stars only for a session he may rate (purchased auracoin spent in it) */}
                        {view.canRate ? <RateSession sessionId={view.id} performerName={performer.name} /> : null}
                      </SessionReceipt>
                    ) : null}
                  </>
                ) : requestError ? (
                  <RequestRefused
                    error={requestError}
                    ratePerMinute={performer.creditsPerMinute}
                    onConfirmPrice={(price) => retry(price)}
                    confirming={request.isPending}
                  />
                ) : status ? (
                  <HStack gap="3" justify="center">
                    {status.busy ? <Spinner size="sm" /> : null}
                    <Text>{status.text}</Text>
                  </HStack>
                ) : null}
                {closed || requestError ? (
                  <HStack gap="2" justify="center" flexWrap="wrap" pt="1">
                    {closed ? (
                      closed.retry
                    ) : !['insufficient_balance', 'session_in_progress', 'price_changed'].includes(
                        errorCode(requestError) ?? '',
                      ) ? (
                      <Button size="sm" colorPalette="brand" onClick={() => retry()} disabled={request.isPending}>
                        Riprova
                      </Button>
                    ) : null}
                    <Button size="sm" variant="outline" asChild>
                      <RouterLink to="/user">Torna alla dashboard</RouterLink>
                    </Button>
                  </HStack>
                ) : null}
              </Stack>
            </Flex>
          ) : null}
          {view?.lastMinute && running ? (
            <Box
              position="absolute"
              top={{ base: '20', md: '24' }}
              insetX="0"
              display="flex"
              justifyContent="center"
              pointerEvents="none"
            >
              <Badge
                colorPalette="orange"
                variant="solid"
                size="lg"
                px="3"
                py="1"
                role="alert"
                data-testid="last-minute"
              >
                Ti resta 1 minuto
              </Badge>
            </Box>
          ) : null}
          {/* an ended session has nothing left to control: the receipt takes the stage */}
          {closed ? null : (
            <Flex
              position="absolute"
              bottom="0"
              insetX="0"
              p={{ base: '3', md: '4' }}
              gap={{ base: '2', md: '3' }}
              justify="center"
              align="center"
              // a solid dark band under the controls, not a fading gradient
              bg="blackAlpha.600"
              role="toolbar"
              aria-label="Controlli della videochat"
            >
              <ControlButton
                label={media.mic ? 'Disattiva microfono' : 'Attiva microfono'}
                pressed={media.mic}
                onClick={media.toggleMic}
                data-testid="toggle-mic"
              >
                <MicIcon off={!media.mic} />
              </ControlButton>
              <ControlButton
                label={media.camera ? 'Disattiva fotocamera' : 'Attiva fotocamera'}
                pressed={media.camera}
                onClick={media.toggleCamera}
                data-testid="toggle-camera"
              >
                <CameraIcon off={!media.camera} />
              </ControlButton>
              {soundBlocked ? (
                <ControlButton label="Attiva audio" onClick={unmute}>
                  <SoundIcon />
                </ControlButton>
              ) : null}
              {fullscreen.supported ? (
                <ControlButton
                  label={fullscreen.active ? 'Esci da schermo intero' : 'Schermo intero'}
                  pressed={fullscreen.active}
                  onClick={fullscreen.toggle}
                  data-testid="toggle-fullscreen"
                >
                  <FullscreenIcon exit={fullscreen.active} />
                </ControlButton>
              ) : null}
              <DeviceSettings
                media={media}
                senders={peer.senders}
                variant="control"
                container={fullscreen.active ? stage : undefined}
              />
              <ControlButton
                label="Termina"
                colorPalette="red"
                variant="solid"
                onClick={finish}
                loading={end.isPending}
                data-testid="end-session"
              >
                <HangUpIcon />
              </ControlButton>
            </Flex>
          )}
        </Box>
        {talking ? (
          <SessionTalk sessionId={talking} role="user" running={running} performerName={performer.name} />
        ) : null}
        <Stack px={{ base: '3', md: '0' }} gap="1">
          <Text
            role="status"
            aria-live="polite"
            aria-atomic="true"
            fontSize="sm"
            color="fg.muted"
            data-testid="session-status"
          >
            {closed
              ? `${closed.title}. ${closed.detail}`
              : requestError
                ? errorMessage(requestError)
                : (status?.text ?? `In videochat con ${performer.name}`)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Tariffa {formatAuracoin(view?.ratePerMinute ?? performer.creditsPerMinute)} auracoin/min · minimo{' '}
            {view?.minimumMinutes ?? 5} minuti (
            {formatAuracoinLabel(view?.minimumAuracoin ?? minimumSessionCost(performer.creditsPerMinute))}), trattenuti
            all'inizio
          </Text>
          {spiesAllowed(view?.spyPrice ?? performer.spyPrice) ? (
            <Text fontSize="sm" color="fg.muted" data-testid="spies-allowed">
              {SPIES_ALLOWED_NOTICE}
            </Text>
          ) : null}
          {media.error ? (
            <Text role="alert" fontSize="sm" color="fg.error">
              {media.error}
            </Text>
          ) : null}
        </Stack>
      </Stack>
      <DialogFrame
        open={confirmingEnd && endNow !== null}
        onClose={() => setConfirmingEnd(false)}
        title="Terminare la videochat?"
        role="alertdialog"
        container={fullscreen.active ? stage : undefined}
        testId="end-session-confirm"
        footer={
          <HStack gap="2" flexWrap="wrap" justify="flex-end">
            <Button variant="outline" onClick={() => setConfirmingEnd(false)}>
              Continua la videochat
            </Button>
            <Button colorPalette="red" onClick={endSession} data-testid="confirm-end-session">
              Termina e paga il minimo
            </Button>
          </HStack>
        }
      >
        <Text data-testid="minimum-warning">
          {endNow
            ? `Terminando ora pagherai il minimo di ${endNow.minutes} minuti: ${formatAuracoinLabel(unitsToAuracoin(endNow.costUnits))}`
            : ''}
        </Text>
      </DialogFrame>
    </Container>
  );
}

function statusOf({
  view,
  requestPending,
  playing,
  counterpartAway,
  now,
  name,
}: {
  view: SessionView | undefined;
  requestPending: boolean;
  playing: boolean;
  counterpartAway: boolean;
  now: number;
  name: string;
}): { text: string; busy: boolean } | null {
  if (!view) return requestPending ? { text: `Invio della richiesta a ${name}…`, busy: true } : null;
  if (view.status === 'requested')
    return { text: `In attesa che ${name} accetti… (${secondsUntil(view.expiresAt, now)} s)`, busy: true };
  if (view.status !== 'active') return null;
  if (counterpartAway) return { text: `La connessione di ${name} si è interrotta: la attendiamo…`, busy: true };
  if (!playing) return { text: `Connessione con ${name}…`, busy: true };
  return null;
}

function RequestRefused({
  error,
  ratePerMinute,
  onConfirmPrice,
  confirming,
}: {
  error: Error;
  ratePerMinute: number;
  onConfirmPrice: (price: number) => void;
  confirming: boolean;
}) {
  const code = errorCode(error);
  const price = changedPrice(error);
  if (price !== undefined) {
    return (
      <>
        <Heading as="h2" size="lg">
          Tariffa cambiata
        </Heading>
        <PriceChanged
          currentPrice={price}
          unit="auracoin/min"
          onConfirm={() => onConfirmPrice(price)}
          busy={confirming}
          inverted
        />
      </>
    );
  }
  return (
    <>
      <Heading as="h2" size="lg">
        {code === 'insufficient_balance' ? 'Saldo auracoin insufficiente' : 'Videochat non disponibile'}
      </Heading>
      <Text>
        {code === 'insufficient_balance'
          ? `Per iniziare servono almeno ${formatAuracoinLabel(minimumSessionCost(ratePerMinute))} (5 minuti).`
          : errorMessage(error)}
      </Text>
      {code === 'insufficient_balance' ? (
        <Button size="sm" colorPalette="brand" asChild>
          <RouterLink to="/user">Acquista auracoin</RouterLink>
        </Button>
      ) : null}
    </>
  );
}
