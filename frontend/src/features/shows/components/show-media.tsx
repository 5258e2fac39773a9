import { useEffect } from 'react';
import { Flex, Text } from '@chakra-ui/react';
import { useShowPublisher } from '../hooks/use-show-publisher';
import { useShowViewer } from '../hooks/use-show-viewer';
import { ShowVideo } from './ShowVideo';

function Overlay({ children, testId }: { children: string; testId: string }) {
  return (
    <Flex position="absolute" inset="0" align="center" justify="center" bg="blackAlpha.700" role="status" data-testid={testId}>
      <Text fontSize="lg" fontWeight="bold" color="white">
        {children}
      </Text>
    </Flex>
  );
}

/** Her stream for a viewer; 'Stanza piena' past the room's cap. */
export function ShowViewerVideo({ showId, performerName }: { showId: string; performerName: string }) {
  const { status, stream } = useShowViewer(showId);
  return (
    <>
      <ShowVideo stream={stream} label={`Show di ${performerName}`} />
      {status === 'full' ? <Overlay testId="show-full">Stanza piena</Overlay> : null}
      {status === 'connecting' ? <Overlay testId="show-connecting">Connessione…</Overlay> : null}
      {status === 'error' ? <Overlay testId="show-media-error">Video non disponibile: riprova tra poco</Overlay> : null}
    </>
  );
}

/** Her camera and microphone: the preview, published to the show's room while it is live. */
export function ShowPublisherVideo({ showId }: { showId: string | null }) {
  const publisher = useShowPublisher(showId);
  const { publish, startPreview } = publisher;
  useEffect(() => {
    void (showId ? publish() : startPreview());
  }, [showId, publish, startPreview]);
  return (
    <>
      <ShowVideo stream={publisher.preview} label="La tua anteprima" />
      {publisher.error === 'camera' ? <Overlay testId="show-camera-error">{"Consenti l'accesso a fotocamera e microfono"}</Overlay> : null}
      {publisher.error && publisher.error !== 'camera' ? <Overlay testId="show-media-error">Video non disponibile: riprova tra poco</Overlay> : null}
    </>
  );
}
