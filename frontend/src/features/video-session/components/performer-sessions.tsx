import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Box, Button, Card, Flex, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { minimumEarningsText, type SessionView } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatEuro } from '../../../lib/format';
import { notify } from '../../../components/ui/toaster';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { openSessionsQueryOptions, useAcceptSession, useDeclineSession, useEndSession } from '../api/sessions';
import { sessionClock } from '../api/clock';
import { useLocalMedia } from '../hooks/use-local-media';
import { useNow } from '../hooks/use-now';
import { useSessionJoin } from '../hooks/use-session-join';
import { useSessionPeer } from '../hooks/use-session-peer';
import { useSessionRealtime } from '../hooks/use-session-realtime';
import { useSpyRoom, type SpyRoomStatus } from '../hooks/use-spy-room';
import { DeviceSettings } from './device-settings';
import { MediaVideo } from './media-video';
import { secondsUntil } from './session-messages';
import { SessionTalk } from './session-talk';
import { chime } from '../../../lib/chime';

/**
 * Her private sessions, wherever she is in her dashboard: a request arrives as a dialog (who, the
 * rate, 'Accetta' / 'Rifiuta', a chime, the 60-second countdown); the running session is a panel
 * with her own camera, the user's when he turns it on, the timer, her earnings of this session
 * and the end button. An ended session is announced with its minutes and her share.
 */
export function PerformerSessions({ performerId }: { performerId: string }) {
  const announce = useCallback((view: SessionView) => {
    if (view.status !== 'ended' || !view.startedAt) return;
    const by =
      view.endedBy === 'performer'
        ? ''
        : view.endReason === 'balance_exhausted'
          ? ' (saldo dell’utente esaurito)'
          : view.endReason === 'user_ended'
            ? ` da ${view.identity.displayName}`
            : '';
    notify({
      type: 'info',
      title: `Sessione terminata${by}`,
      // the minutes paid for, the minimum's included: the minutes her share is of
      description:
        `${view.minutesCharged} ${view.minutesCharged === 1 ? 'minuto' : 'minuti'} · ` +
        `hai guadagnato ${formatEuro(view.performerEarnings ?? sessionClock(view, Date.now()).earnings)}`,
    });
  }, []);
  useSessionRealtime(performerId, announce);
  const open = useQuery(openSessionsQueryOptions(performerId));
  const sessions = open.data ?? [];
  const running = sessions.find((session) => session.status === 'active') ?? null;
  const waiting = running ? null : (sessions.find((session) => session.status === 'requested') ?? null);
  return (
    <>
      {running ? <RunningSession key={running.id} performerId={performerId} session={running} /> : null}
      <IncomingRequest performerId={performerId} request={waiting} />
    </>
  );
}

function IncomingRequest({ performerId, request }: { performerId: string; request: SessionView | null }) {
  const accept = useAcceptSession(performerId);
  const decline = useDeclineSession(performerId);
  const now = useNow(request !== null);
  const chimed = useRef<string | null>(null);
  // closing the dialog (Escape, the corner button) only puts the request aside until it expires
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    if (request && chimed.current !== request.id) {
      chimed.current = request.id;
      chime();
    }
  }, [request]);
  const answer = (act: typeof accept, id: string) =>
    act.mutate(id, {
      onError: (error) =>
        notify({ type: 'error', title: 'Impossibile rispondere alla richiesta', description: errorMessage(error) }),
    });
  const busy = accept.isPending || decline.isPending;
  const left = request ? secondsUntil(request.expiresAt, now) : 0;
  const buttons = (id: string) => (
    <AnswerButtons
      onAccept={() => answer(accept, id)}
      onDecline={() => answer(decline, id)}
      busy={busy}
      accepting={accept.isPending}
      declining={decline.isPending}
    />
  );
  const putAside = request !== null && dismissed === request.id;
  return (
    <>
      {putAside ? (
        <Card.Root
          bg="bg.panel"
          borderColor="green.muted"
          borderWidth="2px"
          rounded="2xl"
          mb="6"
          data-testid="session-request-aside"
        >
          <Card.Body gap="3">
            <Flex gap="3" justify="space-between" align="center" flexWrap="wrap">
              <Text>
                <strong>{request.identity.displayName}</strong> aspetta una risposta per una videochat privata (
                {formatAuracoin(request.ratePerMinute)} auracoin/min) · scade tra {left} s
              </Text>
              {buttons(request.id)}
            </Flex>
          </Card.Body>
        </Card.Root>
      ) : null}
      <DialogFrame
        open={request !== null && !putAside}
        onClose={() => setDismissed(request?.id ?? null)}
        role="alertdialog"
        testId="session-request"
        title="Nuova richiesta di videochat"
        initialFocusEl={() => document.querySelector<HTMLElement>('[data-testid="session-request"] [data-accept]')}
        footer={request ? buttons(request.id) : null}
      >
        {request ? (
          <Stack gap="3">
            <Text fontSize="lg">
              <strong data-testid="request-identity">{request.identity.displayName}</strong> vuole una videochat privata
              con te.
            </Text>
            <Text>
              Tariffa <strong>{formatAuracoin(request.ratePerMinute)} auracoin/min</strong> · minimo{' '}
              {request.minimumMinutes} minuti
            </Text>
            {request.performerEarningsCents !== null ? (
              <Text fontWeight="semibold" data-testid="request-earnings">
                {minimumEarningsText(request.performerEarningsCents)}
              </Text>
            ) : null}
            <Text color="fg.muted" aria-live="polite" data-testid="request-countdown">
              Scade tra {left} s
            </Text>
          </Stack>
        ) : null}
      </DialogFrame>
    </>
  );
}

function AnswerButtons(props: {
  onAccept: () => void;
  onDecline: () => void;
  busy: boolean;
  accepting: boolean;
  declining: boolean;
}) {
  return (
    <HStack gap="3" justify="flex-end">
      <Button
        variant="outline"
        colorPalette="red"
        onClick={props.onDecline}
        disabled={props.busy}
        loading={props.declining}
      >
        Rifiuta
      </Button>
      <Button data-accept colorPalette="green" onClick={props.onAccept} disabled={props.busy} loading={props.accepting}>
        Accetta
      </Button>
    </HStack>
  );
}

const SPY_ROOM_STATUS: Record<Exclude<SpyRoomStatus, 'off'>, string> = {
  connecting: 'Spettatori spia ammessi: collegamento della tua fotocamera per le spie…',
  live: 'Spettatori spia ammessi: vedono solo la tua fotocamera, mai l’utente né la chat',
  ended: 'Spettatori spia: trasmissione terminata',
  error: 'Spettatori spia: la tua fotocamera non raggiunge le spie',
};

function RunningSession({ performerId, session }: { performerId: string; session: SessionView }) {
  const end = useEndSession(performerId);
  const counterpart = useSessionJoin(session.id, true);
  const media = useLocalMedia({ mic: true, camera: true });
  const peer = useSessionPeer({
    sessionId: session.id,
    role: 'performer',
    live: true,
    arrivals: counterpart.arrivals,
    tracks: media.tracks,
  });
  // spies allowed: her camera (only) also goes to the private's spy room at the SFU
  const spyRoom = useSpyRoom(session.spyPrice ? session.id : null, media.tracks.video);
  const now = useNow(true);
  const clock = sessionClock(session, now);
  const userCamera = peer.remoteMedia?.camera === true && peer.remoteStream !== null;
  const userStream = useMemo(
    () => (userCamera && peer.remoteStream ? new MediaStream(peer.remoteStream.getVideoTracks()) : null),
    [userCamera, peer.remoteStream],
  );
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [hearUser, setHearUser] = useState(true);
  const status = session.counterpartAway
    ? `${session.identity.displayName} ha perso la connessione: lo attendiamo…`
    : !counterpart.present
      ? `In attesa che ${session.identity.displayName} si colleghi…`
      : peer.connectionState === 'connected'
        ? `In videochat con ${session.identity.displayName}`
        : 'Connessione in corso…';
  return (
    <Card.Root
      bg="bg.panel"
      borderColor="brand.muted"
      borderWidth="2px"
      rounded="2xl"
      mb="6"
      data-testid="running-session"
      aria-labelledby="running-session-title"
    >
      <Card.Body gap="4">
        <Flex gap="3" justify="space-between" align="center" flexWrap="wrap">
          <HStack gap="2">
            <Badge colorPalette="red" variant="solid">
              LIVE
            </Badge>
            <Heading as="h2" size="lg" id="running-session-title" ref={heading} tabIndex={-1}>
              Videochat privata con {session.identity.displayName}
            </Heading>
          </HStack>
          <HStack gap="4">
            <Text
              fontSize="xl"
              fontWeight="bold"
              fontVariantNumeric="tabular-nums"
              role="timer"
              aria-label="Durata"
              data-testid="performer-session-timer"
            >
              {clock.elapsed}
            </Text>
            <Text data-testid="session-earnings">
              Guadagno <strong>{formatEuro(clock.earnings)}</strong>
            </Text>
          </HStack>
        </Flex>
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
          <Box position="relative" rounded="xl" overflow="hidden" aspectRatio={4 / 3} bg="black">
            <MediaVideo stream={media.preview} self aria-label="La tua fotocamera" data-testid="performer-preview" />
            {/* the names on the pictures on solid black: on a see-through one the video shows behind the text, and its contrast
                cannot be computed */}
            <Badge position="absolute" bottom="2" left="2" variant="solid" bg="black" color="white">
              Tu
            </Badge>
          </Box>
          <Box position="relative" rounded="xl" overflow="hidden" aspectRatio={4 / 3} bg="black">
            {peer.remoteStream ? (
              // his sound plays whether his camera is on or not
              <audio ref={(element) => attachAudio(element, peer.remoteStream, hearUser)} autoPlay />
            ) : null}
            {userStream ? (
              <MediaVideo
                stream={userStream}
                self={false}
                muted
                aria-label={`Fotocamera di ${session.identity.displayName}`}
                data-testid="user-video"
              />
            ) : (
              <Flex position="absolute" inset="0" align="center" justify="center" p="4" textAlign="center">
                <Text color="whiteAlpha.800">{`${session.identity.displayName} non ha attivato la fotocamera`}</Text>
              </Flex>
            )}
            <Badge position="absolute" bottom="2" left="2" variant="solid" bg="black" color="white">
              {session.identity.displayName}
            </Badge>
          </Box>
        </Grid>
        {spyRoom !== 'off' ? (
          <Text fontSize="sm" color="fg.muted" data-testid="spy-room-status">
            {SPY_ROOM_STATUS[spyRoom]}
          </Text>
        ) : null}
        <SessionTalk sessionId={session.id} role="performer" running performerName="" />
        <Text role="status" aria-live="polite" color="fg.muted" fontSize="sm" data-testid="performer-session-status">
          {status}
        </Text>
        {media.error ? (
          <Text role="alert" color="fg.error" fontSize="sm">
            {media.error}
          </Text>
        ) : null}
        <HStack gap="3" flexWrap="wrap">
          <Button variant="outline" onClick={media.toggleMic} aria-pressed={media.mic}>
            {media.mic ? 'Disattiva microfono' : 'Attiva microfono'}
          </Button>
          <Button variant="outline" onClick={() => setHearUser((on) => !on)} aria-pressed={!hearUser}>
            {hearUser ? 'Silenzia utente' : 'Ascolta utente'}
          </Button>
          <DeviceSettings media={media} senders={peer.senders} variant="button" />
          <Button
            colorPalette="red"
            onClick={() =>
              end.mutate(session.id, {
                onError: (error) =>
                  notify({
                    type: 'error',
                    title: 'Impossibile terminare la sessione',
                    description: errorMessage(error),
                  }),
              })
            }
            loading={end.isPending}
            data-testid="performer-end-session"
          >
            Termina
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function attachAudio(element: HTMLAudioElement | null, stream: MediaStream | null, audible: boolean) {
  if (!element) return;
  if (element.srcObject !== stream) element.srcObject = stream;
  element.muted = !audible;
}
