import { useState } from 'react';
import { AspectRatio, Badge, Box, Button, Card, Flex, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { LiveShowView } from '@aura/contracts';
import { QueryStatus } from '../../../components/ui/query-status';
import { SectionCard } from '../../../components/ui/section-card';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatInteger, formatTime } from '../../../lib/format';
import { useAdminLive, useEndShow } from '../api/moderation';
import {
  emptyStatement,
  statementBody,
  StatementFields,
  statementProblem,
  type StatementDraft,
  DecisionFrame,
} from './statement-fields';

/** The admin ends a running show: the statement of reasons she receives, then the second factor. */
function EndShowDialog({ show, onClose }: { show: LiveShowView | null; onClose: () => void }) {
  const end = useEndShow();
  const [draft, setDraft] = useState<StatementDraft>(emptyStatement);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = () => {
    setDraft(emptyStatement);
    setProblem(null);
  };
  const submit = () => {
    if (!show) return;
    const missing = statementProblem(draft);
    if (missing) return setProblem(missing);
    setProblem(null);
    end.mutate(
      { id: show.id, body: statementBody(draft) },
      {
        onSuccess: () => {
          notify({
            type: 'success',
            title: 'Show chiuso',
            description: 'La motivazione è stata inviata alla performer.',
          });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <DecisionFrame
      open={show !== null}
      onClose={onClose}
      onExitComplete={reset}
      title={show ? `Chiudi lo show di ${show.performerName}` : 'Chiudi lo show'}
      formLabel="Chiudi lo show"
      testId="end-show-dialog"
      confirmLabel="Chiudi lo show"
      confirmPalette="red"
      pending={end.isPending}
      onSubmit={submit}
    >
      <Stack gap="3">
        <Text fontSize="sm">
          Lo show «{show?.title}» termina subito. La performer riceve la motivazione nella sua sezione
          &apos;Comunicazioni&apos; e per email.
        </Text>
        <StatementFields draft={draft} onChange={setDraft} />
        {problem ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {problem}
          </Text>
        ) : null}
      </Stack>
    </DecisionFrame>
  );
}

function ShowTile({ show, onEnd }: { show: LiveShowView; onEnd: () => void }) {
  return (
    <Card.Root variant="outline" size="sm" overflow="hidden" data-testid="monitored-show" data-show-id={show.id}>
      <AspectRatio ratio={16 / 9} bg="bg.muted">
        {show.thumbnailUrl ? (
          <Image
            src={show.thumbnailUrl}
            alt={`Ultimo fotogramma dello show di ${show.performerName}`}
            objectFit="cover"
          />
        ) : (
          <Flex align="center" justify="center">
            <Text fontSize="sm" color="fg.muted">
              Nessuna anteprima
            </Text>
          </Flex>
        )}
      </AspectRatio>
      <Card.Body>
        <Stack gap="1">
          <HStack justify="space-between" gap="2">
            <Text fontWeight="semibold" truncate>
              {show.title}
            </Text>
            <Badge colorPalette={show.status === 'live' ? 'red' : 'gray'} flexShrink={0}>
              {show.status === 'live' ? 'In onda' : 'In pausa'}
            </Badge>
          </HStack>
          <Text fontSize="sm">{show.performerName}</Text>
          <Text fontSize="sm" color="fg.muted">
            Dalle {formatTime(show.startedAt)} · {formatInteger(show.viewerCount)} spettatori ·{' '}
            {formatAuracoin(show.tipsAmount)} auracoin di mance
          </Text>
          <Box pt="2">
            <Button size="sm" colorPalette="red" variant="outline" onClick={onEnd}>
              Chiudi lo show
            </Button>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Admin 'Monitoraggio' tab: every running public show as a tile, refreshed live, and the private sessions. */
export function MonitoringTab() {
  const live = useAdminLive();
  const [ending, setEnding] = useState<LiveShowView | null>(null);
  const shows = live.data?.shows;
  return (
    <SectionCard title="Show in diretta">
      <Stack gap="4">
        <Text fontSize="sm" data-testid="private-sessions">
          Sessioni private in corso: {formatInteger(live.data?.privateSessions ?? 0)}
        </Text>
        <QueryStatus query={{ ...live, data: shows }} empty="Nessuno show in diretta" />
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {(shows ?? []).map((show) => (
            <ShowTile key={show.id} show={show} onEnd={() => setEnding(show)} />
          ))}
        </SimpleGrid>
      </Stack>
      <EndShowDialog show={ending} onClose={() => setEnding(null)} />
    </SectionCard>
  );
}
