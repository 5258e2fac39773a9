import { useState } from 'react';
import { Badge, Box, Button, Card, Field, Flex, Heading, HStack, Image, Stack, Text, Textarea } from '@chakra-ui/react';
import { MODERATION_MESSAGES, type ReviewItemView } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../components/ui/toaster';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { useDecideReview, useItemsInReview } from '../api/reviews';

const kindLabels: Record<ReviewItemView['kind'], string> = { photo: 'Foto in vendita', portrait: 'Foto profilo' };

function RejectDialog({
  item,
  busy,
  onClose,
  onConfirm,
}: {
  item: ReviewItemView | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (statement: string) => void;
}) {
  const [statement, setStatement] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = statement.trim() === '';
  return (
    <DialogFrame
      open={item !== null}
      onClose={onClose}
      onExitComplete={() => {
        setStatement('');
        setTouched(false);
      }}
      title={`Rifiuta: ${item?.title ?? ''}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Annulla
          </Button>
          <Button colorPalette="red" disabled={empty} loading={busy} onClick={() => onConfirm(statement.trim())}>
            Conferma rifiuto
          </Button>
        </>
      }
    >
      <Field.Root required invalid={touched && empty}>
        <Field.Label>
          Motivazione (la riceve la performer)
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={statement}
          onChange={(e) => {
            setStatement(e.currentTarget.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          rows={4}
          maxLength={5000}
          bg="bg.subtle"
        />
        <Field.ErrorText>{MODERATION_MESSAGES.statement}</Field.ErrorText>
      </Field.Root>
    </DialogFrame>
  );
}

/** Admin 'Revisione': new photos and profile portraits, shown to nobody else until approved (issue 39 item 5). */
export function ReviewTab() {
  const items = useItemsInReview();
  const decide = useDecideReview();
  const [rejecting, setRejecting] = useState<ReviewItemView | null>(null);

  const send = (item: ReviewItemView, decision: 'approve' | 'reject', statement?: string) =>
    decide.mutate(
      { id: item.id, decision, ...(statement ? { statement } : {}) },
      {
        onSuccess: () => {
          notify({ type: 'success', title: decision === 'approve' ? 'Contenuto approvato' : 'Contenuto rifiutato' });
          setRejecting(null);
        },
        onError: (error) => notify({ type: 'error', title: 'Errore', description: errorMessage(error) }),
      },
    );

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Revisione dei contenuti
      </Heading>
      {items.isPending ? (
        <Text color="fg.muted">Caricamento...</Text>
      ) : items.isError ? (
        <Text color="fg.error">{errorMessage(items.error)}</Text>
      ) : items.data.length === 0 ? (
        <Box p="8" textAlign="center" rounded="xl" borderWidth="1px" borderStyle="dashed">
          <Text color="fg.muted">Nessun contenuto in attesa di revisione.</Text>
        </Box>
      ) : (
        <Stack gap="3" as="ul" listStyleType="none">
          {items.data.map((item) => (
            <Card.Root as="li" key={item.id} bg="bg.panel" rounded="xl" data-testid="review-item" data-kind={item.kind}>
              <Card.Body>
                <Flex gap="4" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
                  <Image src={item.imageUrl} alt={item.title} boxSize="24" rounded="lg" objectFit="cover" />
                  <Stack gap="1" flex="1" minW="0">
                    <HStack gap="2" flexWrap="wrap">
                      <Badge colorPalette={item.kind === 'portrait' ? 'purple' : 'blue'}>{kindLabels[item.kind]}</Badge>
                      <Text fontWeight="medium">{item.title}</Text>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      Inviato il {formatDateTime(item.submittedAt)}
                    </Text>
                    {item.coPerformers?.length ? (
                      <Text fontSize="sm">
                        Persone in camera dichiarate: {item.coPerformers.map((person) => person.name).join(', ')}
                      </Text>
                    ) : null}
                  </Stack>
                  <HStack gap="2">
                    <Button
                      colorPalette="green"
                      size="sm"
                      loading={decide.isPending}
                      onClick={() => send(item, 'approve')}
                    >
                      Approva
                    </Button>
                    <Button colorPalette="red" variant="outline" size="sm" onClick={() => setRejecting(item)}>
                      Rifiuta
                    </Button>
                  </HStack>
                </Flex>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
      <RejectDialog
        item={rejecting}
        busy={decide.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(statement) => rejecting && send(rejecting, 'reject', statement)}
      />
    </Stack>
  );
}
