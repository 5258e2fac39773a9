import { useEffect, useState, type ReactNode } from 'react';
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useShowPublisher } from '../hooks/use-show-publisher';
import { useSfuViewer } from '../../../lib/use-sfu-viewer';
import { useThumbnailSender } from '../hooks/use-thumbnail-sender';
import { ShowVideo } from './ShowVideo';

function Overlay({ children, testId, action }: { children: string; testId: string; action?: ReactNode }) {
  return (
    <Flex
      position="absolute"
      inset="0"
      align="center"
      justify="center"
      bg="blackAlpha.700"
      role="status"
      data-testid={testId}
    >
      <Stack gap="3" align="center">
        <Text fontSize="lg" fontWeight="bold" color="white">
          {children}
        </Text>
        {action}
      </Stack>
    </Flex>
  );
}

/** a failed publish is tried again by itself, sooner first: 2 s, 4 s, 8 s, 16 s, then every 30 s */
const retryDelay = (attempt: number) => Math.min(30_000, 2_000 * 2 ** Math.min(attempt, 4));

/** Her stream for a viewer; 'Stanza piena' past the room's cap. */
export function ShowViewerVideo({ showId, performerName }: { showId: string; performerName: string }) {
  const { status, stream } = useSfuViewer('show', showId);
  return (
    <>
      <ShowVideo stream={stream} label={`Show di ${performerName}`} />
      {status === 'full' ? <Overlay testId="show-full">Stanza piena</Overlay> : null}
      {status === 'connecting' ? <Overlay testId="show-connecting">Connessione…</Overlay> : null}
      {status === 'error' ? <Overlay testId="show-media-error">Video non disponibile: riprova tra poco</Overlay> : null}
    </>
  );
}

/** Her camera and microphone: the preview, published to the show's room while it is live; a publish the SFU could not take is tried again. */
export function ShowPublisherVideo({ showId }: { showId: string | null }) {
  const publisher = useShowPublisher(showId);
  const { publish, startPreview, error, failures } = publisher;
  useThumbnailSender(showId, publisher.preview, publisher.status === 'live');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void (showId ? publish() : startPreview());
  }, [showId, publish, startPreview, attempt]);
  const retrying = showId !== null && error === 'unavailable';
  useEffect(() => {
    if (!retrying) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), retryDelay(failures - 1));
    return () => clearTimeout(timer);
  }, [retrying, failures]);
  const retryNow = (
    <Button size="sm" colorPalette="brand" onClick={() => setAttempt((n) => n + 1)}>
      Riprova
    </Button>
  );
  return (
    <>
      <ShowVideo stream={publisher.preview} label="La tua anteprima" />
      {error === 'camera' ? (
        <Overlay testId="show-camera-error" action={retryNow}>
          {"Consenti l'accesso a fotocamera e microfono"}
        </Overlay>
      ) : null}
      {error && error !== 'camera' ? (
        <Overlay testId="show-media-error" action={retryNow}>
          {retrying
            ? 'Video non disponibile: nuovo tentativo tra pochi secondi'
            : 'Video non disponibile: riprova tra poco'}
        </Overlay>
      ) : null}
    </>
  );
}
