import { useState } from 'react';
import { Badge, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { DisputeView } from '@aura/contracts';
import { AdminTable } from '../../../components/ui/admin-table';
import { FormField } from '../../../components/ui/form-field';
import { SectionCard } from '../../../components/ui/section-card';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatDateTime, formatEuroCents } from '../../../lib/format';
import { useCloseTestDispute, useDisputes, useOpenTestDispute } from '../api/refunds';
import { refundKindLabels } from './refund-dialog';

/** what a disputed purchase paid for: the refundable sales, and tips */
const saleLabels = { ...refundKindLabels, tip: 'Mancia', ticket: 'Biglietto show' };

const statusBadges = { open: ['Aperta', 'orange'], won: ['Vinta', 'green'], lost: ['Persa', 'red'] } as const;

/** What the disputed purchase paid for, one line per sale. */
const traceText = (dispute: DisputeView) =>
  dispute.trace.length === 0
    ? 'Nessuna spesa'
    : dispute.trace
        .map(
          (line) =>
            `${saleLabels[line.source]}: ${formatAuracoin(line.units / 100)} auracoin, quota ${formatEuroCents(line.shareCents)}`,
        )
        .join(' · ');

/** TEST MODE: the sandbox opens a dispute on a past purchase, as a cardholder would. */
function TestDispute() {
  const open = useOpenTestDispute();
  const [purchaseId, setPurchaseId] = useState('');
  const submit = async () => {
    try {
      await open.mutateAsync(purchaseId.trim());
      notify({
        type: 'success',
        title: 'Contestazione aperta (MODALITÀ TEST)',
        description: 'Il portafoglio dell’utente è bloccato',
      });
      setPurchaseId('');
    } catch (error) {
      notify({
        type: 'error',
        title: 'Contestazione non aperta',
        description: errorMessage(error, { codes: { not_found: 'Acquisto pagato non trovato' } }),
      });
    }
  };
  return (
    <SectionCard title="MODALITÀ TEST: contesta un acquisto">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="3" maxW="xl">
          <FormField
            label="Id dell'acquisto di auracoin"
            helperText="Il sandbox invia la notifica firmata di apertura della contestazione, come farebbe il circuito della carta."
          >
            <Input
              value={purchaseId}
              onChange={(event) => setPurchaseId(event.target.value)}
              bg="bg.subtle"
              name="dispute-purchase"
            />
          </FormField>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={open.isPending}>
            Apri contestazione
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

/** Admin 'Contestazioni' tab: each card dispute, its trace and outcome; in TEST MODE, open and close them. */
export function DisputesTab() {
  const disputes = useDisputes();
  const close = useCloseTestDispute();
  const decide = async (id: string, outcome: 'won' | 'lost') => {
    try {
      await close.mutateAsync({ id, outcome });
    } catch (error) {
      notify({ type: 'error', title: 'Contestazione non chiusa', description: errorMessage(error) });
    }
  };
  return (
    <Stack gap="6">
      <SectionCard title="Contestazioni">
        <AdminTable<DisputeView>
          query={disputes}
          rows={disputes.data}
          rowKey={(row) => row.id}
          rowTestId={() => 'dispute-row'}
          empty="Nessuna contestazione."
          minW="60rem"
          columns={[
            { header: 'Aperta il', cell: (row) => formatDateTime(row.openedAt) },
            { header: 'Importo', cell: (row) => formatEuroCents(row.amountCents), align: 'end' },
            {
              header: 'Stato',
              cell: (row) => <Badge colorPalette={statusBadges[row.status][1]}>{statusBadges[row.status][0]}</Badge>,
            },
            { header: 'Auracoin bloccati', cell: (row) => formatAuracoin(row.lockedAuracoin), align: 'end' },
            { header: 'Tracciamento', cell: (row) => <Text fontSize="sm">{traceText(row)}</Text> },
            { header: 'Quote trattenute', cell: (row) => formatEuroCents(row.heldCents), align: 'end' },
            {
              header: 'Esito (MODALITÀ TEST)',
              cell: (row) =>
                row.status === 'open' && row.provider === 'sandbox' ? (
                  <HStack gap="2">
                    <Button size="xs" variant="outline" onClick={() => void decide(row.id, 'won')}>
                      Vinta
                    </Button>
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => void decide(row.id, 'lost')}>
                      Persa
                    </Button>
                  </HStack>
                ) : (
                  <Text fontSize="sm">{row.closedAt ? formatDateTime(row.closedAt) : '—'}</Text>
                ),
            },
          ]}
        />
      </SectionCard>
      <TestDispute />
    </Stack>
  );
}
