import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Image,
  Link,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { PerformerView } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatDate, formatDateTime, formatFileSize } from '../../../lib/format';
import { notify } from '../../../components/ui/toaster';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { usePendingPerformers, usePerformerDocuments, useVerifyPerformer } from '../api/admin-performers';
import { isMinor, verificationAge } from './minor';

export interface VerificationTabProps {
  /** the signed-in admin (sent with the decision; the server records the caller) */
  adminId: string;
}

const FAILURE = 'Impossibile aggiornare lo status della performer';
const MISSING_REASON = 'Inserisci un motivo per il rifiuto';

function Documents({ performerId }: { performerId: string }) {
  const [shown, setShown] = useState(false);
  const docs = usePerformerDocuments(performerId, shown);
  if (!shown) {
    return (
      <Button size="sm" variant="outline" onClick={() => setShown(true)}>
        Mostra documenti
      </Button>
    );
  }
  if (docs.isPending) return <Spinner size="sm" aria-label="Caricamento..." />;
  if (docs.isError)
    return (
      <Text color="fg.error" fontSize="sm">
        {errorMessage(docs.error)}
      </Text>
    );
  if (docs.data.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        Nessun documento.
      </Text>
    );
  return (
    <Stack gap="1" as="ul" listStyleType="none" data-testid="documents">
      {docs.data.map((d) => (
        <HStack as="li" key={d.id} gap="2" fontSize="sm" flexWrap="wrap">
          <Badge variant="outline">{d.documentType}</Badge>
          <Link
            href={d.documentUrl}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.fg"
            textDecoration="underline"
          >
            {d.fileName}
          </Link>
          <Text color="fg.subtle" fontSize="xs">
            ({formatFileSize(d.fileSize)} · link valido fino a {formatDateTime(d.linkExpiresAt)})
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

function RejectDialog({
  performer,
  onClose,
  onConfirm,
  busy,
}: {
  performer: PerformerView | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const empty = reason.trim() === '';
  return (
    <DialogFrame
      open={performer !== null}
      onClose={onClose}
      onExitComplete={() => {
        setReason('');
        setTouched(false);
      }}
      title={`Rifiuta ${performer?.name ?? ''}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Annulla
          </Button>
          <Button colorPalette="red" disabled={empty} loading={busy} onClick={() => onConfirm(reason.trim())}>
            Conferma rifiuto
          </Button>
        </>
      }
    >
      <Field.Root required invalid={touched && empty}>
        <Field.Label>
          Motivo del rifiuto
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          rows={3}
          bg="bg.subtle"
        />
        <Field.ErrorText>{MISSING_REASON}</Field.ErrorText>
      </Field.Root>
    </DialogFrame>
  );
}

/** Admin "Verifica Performer" tab (docs/product.md#admin, #validation): pending registrations only. */
export function VerificationTab({ adminId }: VerificationTabProps) {
  const pending = usePendingPerformers();
  const verify = useVerifyPerformer();
  const [rejecting, setRejecting] = useState<PerformerView | null>(null);
  const now = new Date();

  const decide = (p: PerformerView, status: 'approved' | 'rejected', rejectionReason?: string) =>
    verify.mutate(
      { id: p.id, status, adminId, ...(rejectionReason ? { rejectionReason } : {}) },
      {
        onSuccess: () => {
          notify({ type: 'success', title: 'Verifica completata' });
          setRejecting(null);
        },
        onError: () => notify({ type: 'error', title: 'Errore', description: FAILURE }),
      },
    );

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Verifica Performer
      </Heading>
      {pending.isPending ? (
        <Text color="fg.muted">Caricamento...</Text>
      ) : pending.isError ? (
        <Text color="fg.error">{errorMessage(pending.error)}</Text>
      ) : pending.data.length === 0 ? (
        <Box
          p="8"
          textAlign="center"
          rounded="xl"
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="border.emphasized"
        >
          <Text color="fg.muted">Nessuna performer in attesa di verifica.</Text>
        </Box>
      ) : (
        <Stack gap="4">
          {pending.data.map((p) => {
            const age = verificationAge(p, now);
            const minor = isMinor(age);
            return (
              <Card.Root
                key={p.id}
                bg="bg.panel"
                borderColor={minor ? 'red.500' : 'border'}
                rounded="xl"
                data-testid="pending-performer"
              >
                <Card.Body gap="4">
                  <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
                    <Image src={p.image} alt="" boxSize="20" rounded="lg" objectFit="cover" flexShrink={0} />
                    <Stack gap="1" flex="1" minW="0">
                      <HStack gap="2" flexWrap="wrap">
                        <Heading as="h3" size="md">
                          {p.name}
                        </Heading>
                        <Badge colorPalette="yellow">In attesa</Badge>
                        {minor ? (
                          <Badge colorPalette="red" variant="solid">
                            Minorenne
                          </Badge>
                        ) : null}
                      </HStack>
                      <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
                        @{p.username} · {p.email}
                      </Text>
                      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="1" fontSize="sm">
                        <Text>
                          Nascita: {p.dateOfBirth ? formatDate(p.dateOfBirth) : '—'} ({age ?? '—'} anni)
                        </Text>
                        <Text>Tariffa: {formatAuracoin(p.creditsPerMinute)} auracoin/min</Text>
                        <Text>Lingue: {p.languages.join(', ')}</Text>
                        <Text>Contratto firmato: {p.signedContractAt ? formatDateTime(p.signedContractAt) : '—'}</Text>
                      </Grid>
                    </Stack>
                  </Flex>
                  <Documents performerId={p.id} />
                  <HStack gap="2" justify="flex-end" flexWrap="wrap">
                    <Button
                      colorPalette="green"
                      disabled={minor || verify.isPending}
                      onClick={() => decide(p, 'approved')}
                    >
                      Approva
                    </Button>
                    <Button
                      colorPalette="red"
                      variant="outline"
                      disabled={verify.isPending}
                      onClick={() => setRejecting(p)}
                    >
                      Rifiuta
                    </Button>
                  </HStack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}
      <RejectDialog
        performer={rejecting}
        busy={verify.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && decide(rejecting, 'rejected', reason)}
      />
    </Stack>
  );
}
