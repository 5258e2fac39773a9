import { useEffect, useRef, useState } from 'react';
import { Box, Button, Card, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { SpyView } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { useSfuViewer, type ShowViewerStatus } from '../../../lib/use-sfu-viewer';
import { formatAuracoin, formatElapsed } from '../../../lib/format';
import { spyableQueryOptions, spyWatchQueryOptions, useEndSpy, useStartSpy } from '../api/spy';

const END_REASONS: Record<NonNullable<SpyView['endReason']>, string> = {
  left: 'Sei uscito dallo show privato',
  session_ended: 'Lo show privato è terminato',
  balance_exhausted: 'Saldo esaurito: sei uscito dallo show privato',
};

/** The time, refreshed every second while `running`. */
function useSecondsSince(since: string | null, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return since ? (now - Date.parse(since)) / 1000 : 0;
}

const MEDIA_STATUS: Partial<Record<ShowViewerStatus, string>> = {
  connecting: 'Collegamento al video…',
  full: 'Troppi spettatori in questo momento: riprova tra poco',
  error: 'Il video non è disponibile: riprova tra poco',
};

/** Her camera as the SFU forwards it (muted autoplay, inline on phones): nothing of the private's user ever comes here. */
function HerVideo({ sessionId, performerName }: { sessionId: string | null; performerName: string }) {
  const { status, stream } = useSfuViewer('spy', sessionId);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  const note = sessionId ? MEDIA_STATUS[status] : undefined;
  return (
    <Box
      as="section"
      aria-label={`Video di ${performerName}`}
      position="relative"
      bg="black"
      rounded="xl"
      overflow="hidden"
      aspectRatio={16 / 9}
      data-testid="spy-video-slot"
    >
      <video
        ref={video}
        aria-label={`Fotocamera di ${performerName}`}
        data-testid="spy-video"
        autoPlay
        muted
        playsInline
        style={{ width: '100%', height: '100%', objectFit: 'contain' }}
      />
      {note ? (
        <Text position="absolute" bottom="2" left="2" px="2" bg="black" color="white" fontSize="sm" role="status">
          {note}
        </Text>
      ) : null}
    </Box>
  );
}

/** His watch: her video's place, the time watched, the cost so far and 'Esci' (docs/product.md#spy). */
function Watching({ sessionId, performerName }: { sessionId: string; performerName: string }) {
  const watch = useQuery(spyWatchQueryOptions(sessionId));
  const end = useEndSpy(sessionId);
  const view = watch.data;
  const running = view?.status === 'watching';
  const elapsed = useSecondsSince(view?.startedAt ?? null, running);
  if (!view) return <Spinner size="lg" m="10" aria-label="Caricamento..." />;
  const shown = running ? elapsed : (Date.parse(view.endedAt ?? view.startedAt) - Date.parse(view.startedAt)) / 1000;
  return (
    <Stack gap="3" data-testid="spy-watch">
      <HerVideo sessionId={running ? sessionId : null} performerName={performerName} />
      <HStack gap="4" flexWrap="wrap">
        <Text data-testid="spy-elapsed">Tempo: {formatElapsed(shown)}</Text>
        <Text data-testid="spy-cost">Costo: {formatAuracoin(view.cost)} auracoin</Text>
        <Text color="fg.muted">{formatAuracoin(view.pricePerMinute)} auracoin/min</Text>
      </HStack>
      {running ? (
        <Button colorPalette="red" alignSelf="flex-start" loading={end.isPending} onClick={() => end.mutate()}>
          Esci
        </Button>
      ) : (
        <Text role="status" data-testid="spy-ended">
          {view.endReason ? END_REASONS[view.endReason] : 'Uscito'}
        </Text>
      )}
      {end.error ? (
        <Text role="alert" color="fg.error">
          {errorMessage(end.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** /spy?performerId=: he confirms the price, then watches her private (her video only). */
export function SpyPage({ performerId, performerName }: { performerId: string; performerName: string }) {
  const spyable = useQuery(spyableQueryOptions(performerId));
  const sessionId = spyable.data?.sessionId ?? '';
  const start = useStartSpy(sessionId);
  const key = useRef(crypto.randomUUID());
  if (spyable.isPending) return <Spinner size="lg" m="10" aria-label="Caricamento..." />;
  if (!spyable.data)
    return (
      <Text role="status" m="6">
        Non c&apos;è uno show privato da spiare in questo momento.
      </Text>
    );
  const { spyPrice, freeSeconds } = spyable.data;
  return (
    <Card.Root maxW="3xl" mx="auto" my="6" bg="bg.panel" rounded="2xl">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h1" size="lg">
            Spia lo show privato
          </Heading>
          {start.data ? (
            <Watching sessionId={sessionId} performerName={performerName} />
          ) : (
            <Stack gap="3" data-testid="spy-confirm">
              <Text>
                {formatAuracoin(spyPrice)} auracoin al minuto, i primi {freeSeconds} secondi gratis. Vedi solo lei: mai
                l&apos;utente del privato né la loro chat.
              </Text>
              <Button
                colorPalette="brand"
                alignSelf="flex-start"
                loading={start.isPending}
                onClick={() => start.mutate({ expectedPrice: spyPrice, idempotencyKey: key.current })}
              >
                Conferma e spia ({formatAuracoin(spyPrice)} auracoin/min)
              </Button>
              {start.error ? (
                <Text role="alert" color="fg.error">
                  {errorMessage(start.error)}
                </Text>
              ) : null}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
