import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { CO_PERFORMER_STATEMENT_MAX, type AppearanceRecordView } from '@aura/contracts';
import { AdminTable, type AdminColumn } from '../../../components/ui/admin-table';
import { DecisionFrame } from '../../../components/ui/decision-frame';
import { FormField } from '../../../components/ui/form-field';
import { QueryStatus } from '../../../components/ui/query-status';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { fieldError } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { useAppearanceRecords, useDecideCoPerformer, usePendingCoPerformers } from '../api/co-performers-admin';
import { useRejectionForm } from '../hooks/use-rejection-form';
import {
  appearanceWhere,
  formatBirthDate,
  pendingCoPerformerRow,
  type PendingCoPerformerRow,
} from './co-performer-row';

/** The link to her ID document: short-lived and signed for this admin, each opening recorded. */
function DocumentLink({ href, type, name }: { href: string; type: string; name: string }) {
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="brand.fg"
      textDecoration="underline"
      aria-label={`Apri il documento di ${name} (${type})`}
    >
      {type}
    </Link>
  );
}

/** 'Rifiuta': the reason is required and becomes the statement of reasons she receives; then the second factor. */
function RejectDialog({ person, onClose }: { person: PendingCoPerformerRow | null; onClose: () => void }) {
  const decide = useDecideCoPerformer();
  const form = useRejectionForm(async (statement) => {
    if (!person) return;
    try {
      await decide.mutateAsync({
        id: person.id,
        performerId: person.performerId,
        body: { decision: 'reject', statement },
      });
      notify({ type: 'success', title: 'Persona rifiutata', description: 'La performer riceve la motivazione.' });
      onClose();
    } catch (error) {
      notify({ type: 'error', title: 'Impossibile rifiutare la persona', description: errorMessage(error) });
    }
  });
  return (
    <DecisionFrame
      open={person !== null}
      onClose={onClose}
      onExitComplete={() => form.resetForm()}
      title={`Rifiuta ${person?.name ?? ''}`}
      formLabel="Rifiuta la persona in camera"
      testId="reject-co-performer-dialog"
      confirmLabel="Conferma rifiuto"
      confirmPalette="red"
      pending={form.isSubmitting}
      onSubmit={() => void form.submitForm()}
    >
      <Stack gap="3">
        <Text fontSize="sm">
          {person?.name} non potrà comparire negli show e nelle foto di {person?.performerName}.
        </Text>
        <FormField
          label="Motivo del rifiuto"
          helperText="La performer lo riceve come motivazione della decisione."
          error={fieldError(form, 'statement')}
          required
        >
          <Textarea
            {...form.getFieldProps('statement')}
            rows={4}
            maxLength={CO_PERFORMER_STATEMENT_MAX}
            bg="bg.subtle"
            data-testid="co-performer-rejection-reason"
          />
        </FormField>
      </Stack>
    </DecisionFrame>
  );
}

function PendingCard({
  person,
  approving,
  busy,
  onApprove,
  onReject,
}: {
  person: PendingCoPerformerRow;
  approving: boolean;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <Card.Root
      as="li"
      bg="bg.panel"
      rounded="xl"
      borderColor={person.minor ? 'red.500' : 'border'}
      data-testid="pending-co-performer"
    >
      <Card.Body gap="3">
        <HStack gap="2" flexWrap="wrap">
          <Heading as="h3" size="md">
            {person.name}
          </Heading>
          <Badge colorPalette="yellow">In attesa</Badge>
          {person.minor ? (
            <Badge colorPalette="red" variant="solid">
              Minorenne
            </Badge>
          ) : null}
        </HStack>
        <Stack gap="1" fontSize="sm">
          <Text>Performer: {person.performerName}</Text>
          <Text>Nata il {person.birth}</Text>
          <Flex gap="2" wrap="wrap" align="center">
            <Text>Documento:</Text>
            <DocumentLink href={person.documentUrl} type={person.documentType} name={person.name} />
            <Text color="fg.muted" fontSize="xs">
              ({person.linkValidity})
            </Text>
          </Flex>
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette="green" variant="subtle">
              Firma presente
            </Badge>
            <Text>{person.consent}</Text>
          </HStack>
          <Text color="fg.muted">{person.added}</Text>
        </Stack>
        <HStack gap="2" justify="flex-end" flexWrap="wrap">
          <Button
            colorPalette="green"
            aria-label={`Approva ${person.name}`}
            disabled={person.minor || busy}
            loading={approving}
            onClick={onApprove}
          >
            Approva
          </Button>
          <Button
            colorPalette="red"
            variant="outline"
            aria-label={`Rifiuta ${person.name}`}
            disabled={busy}
            onClick={onReject}
          >
            Rifiuta
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** Those waiting for a decision, oldest first: 'Approva', or 'Rifiuta' with the reason. */
function PendingCoPerformers() {
  const pending = usePendingCoPerformers();
  const decide = useDecideCoPerformer();
  const [rejecting, setRejecting] = useState<PendingCoPerformerRow | null>(null);
  const now = new Date();
  const rows = pending.data?.map((view) => pendingCoPerformerRow(view, now));

  const approve = (person: PendingCoPerformerRow) =>
    decide.mutate(
      { id: person.id, performerId: person.performerId, body: { decision: 'approve' } },
      {
        onSuccess: () => notify({ type: 'success', title: `${person.name} approvata` }),
        onError: (error) =>
          notify({ type: 'error', title: 'Impossibile approvare la persona', description: errorMessage(error) }),
      },
    );

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Persone in camera da approvare
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        Chi compare in camera con una performer deve essere maggiorenne, con un documento d&apos;identità e il consenso
        firmato: controlla il documento prima di approvare. Solo dopo l&apos;approvazione la performer può indicarla in
        uno show o in una foto.
      </Text>
      {rows && rows.length > 0 ? (
        <Stack as="ul" gap="4" listStyleType="none" aria-label="Persone in camera da approvare">
          {rows.map((person) => (
            <PendingCard
              key={person.id}
              person={person}
              busy={decide.isPending}
              approving={decide.isPending && decide.variables?.id === person.id}
              onApprove={() => approve(person)}
              onReject={() => setRejecting(person)}
            />
          ))}
        </Stack>
      ) : (
        <Box p="6" textAlign="center" rounded="xl" borderWidth="1px" borderStyle="dashed">
          <QueryStatus query={pending} empty="Nessuna persona in attesa di approvazione." />
        </Box>
      )}
      <RejectDialog person={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}

const recordColumns: AdminColumn<AppearanceRecordView>[] = [
  { header: 'Persona', cell: (record) => record.name },
  { header: 'Nata il', cell: (record) => formatBirthDate(record.dateOfBirth) },
  {
    header: 'Dove',
    cell: (record) => {
      const where = appearanceWhere(record);
      return (
        <Text as="span" title={where.ref}>
          {where.kind} {where.ref.slice(0, 8)}
        </Text>
      );
    },
  },
  { header: 'Quando', cell: (record) => formatDateTime(record.appearedAt) },
  {
    header: 'Documento',
    cell: (record) => <DocumentLink href={record.documentUrl} type={record.documentType} name={record.name} />,
  },
  { header: 'Approvata il', cell: (record) => (record.approvedAt ? formatDateTime(record.approvedAt) : '—') },
];

/** Who appeared in which show or photo, with the ID check behind it (kept after any deletion: legal hold). */
function AppearanceRecords() {
  const records = useAppearanceRecords();
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Registro delle apparizioni
      </Heading>
      <AdminTable
        columns={recordColumns}
        rows={records.data}
        rowKey={(record) => record.id}
        rowTestId={() => 'appearance-record'}
        empty="Nessuna apparizione registrata."
        query={records}
        minW="720px"
      />
    </Stack>
  );
}

/** Admin 'Persone in camera' (issue 39 item 7): the co-performers to approve, and the appearance records. */
export function CoPerformersAdminTab() {
  return (
    <Stack gap="10">
      <PendingCoPerformers />
      <AppearanceRecords />
    </Stack>
  );
}
