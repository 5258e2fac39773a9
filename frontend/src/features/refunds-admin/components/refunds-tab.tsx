import { useState } from 'react';
import { Button, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { REFUND_BODY_MESSAGES, refundKinds, type RefundKind, type RefundView } from '@aura/contracts';
import { AdminTable } from '../../../components/ui/admin-table';
import { FormField } from '../../../components/ui/form-field';
import { SectionCard } from '../../../components/ui/section-card';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatDateTime, formatEuroCents, parseAuracoin } from '../../../lib/format';
import { useIssueRefund, useRefunds } from '../api/refunds';

export const refundKindLabels: Record<RefundKind, string> = {
  session: 'Videochat privata',
  message: 'Messaggio',
  photo: 'Foto',
};
const idLabels: Record<RefundKind, string> = {
  session: 'Id della sessione',
  message: 'Id del messaggio a pagamento',
  photo: "Id dell'acquisto della foto",
};

/** The refund form: a session, a paid message or a photo sale by id, whole or in part, with a reason. */
function RefundForm() {
  const issue = useIssueRefund();
  const [kind, setKind] = useState<RefundKind>('session');
  const [id, setId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const submit = async () => {
    try {
      const parsed = amount.trim() === '' ? undefined : parseAuracoin(amount);
      const refund = await issue.mutateAsync({
        kind,
        id: id.trim(),
        reason,
        ...(parsed === undefined ? {} : { amount: parsed }),
      });
      notify({
        type: 'success',
        title: 'Rimborso eseguito',
        description: `${formatAuracoin(refund.amount)} auracoin restituiti all'utente`,
      });
      setId('');
      setAmount('');
      setReason('');
    } catch (error) {
      notify({
        type: 'error',
        title: 'Rimborso non eseguito',
        description: errorMessage(error, {
          fields: {
            'body.kind': REFUND_BODY_MESSAGES.kind,
            'body.id': REFUND_BODY_MESSAGES.id,
            'body.amount': REFUND_BODY_MESSAGES.amount,
            'body.reason': REFUND_BODY_MESSAGES.reason,
          },
          codes: {
            not_found: 'Vendita non trovata: controlla il tipo e l’id',
            conflict: 'Questa vendita è già stata rimborsata per intero, o la sessione è ancora in corso',
            validation_failed: 'Importo non valido: al massimo quanto resta da rimborsare della vendita',
          },
        }),
      });
    }
  };
  return (
    <SectionCard title="Nuovo rimborso">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="3" maxW="xl">
          <HStack gap="2" flexWrap="wrap" role="group" aria-label="Cosa si rimborsa">
            {refundKinds.map((value) => (
              <Button
                key={value}
                type="button"
                size="sm"
                variant={kind === value ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={kind === value}
                onClick={() => setKind(value)}
              >
                {refundKindLabels[value]}
              </Button>
            ))}
          </HStack>
          <FormField label={idLabels[kind]} required>
            <Input value={id} onChange={(event) => setId(event.target.value)} bg="bg.subtle" name="refund-id" />
          </FormField>
          <FormField
            label="Importo (auracoin, facoltativo)"
            helperText="Vuoto: l'intera vendita (o quanto ne resta). Le mance sono definitive e non si rimborsano."
          >
            <Input
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              inputMode="decimal"
              bg="bg.subtle"
              name="refund-amount"
            />
          </FormField>
          <FormField label="Motivo" required>
            <Textarea
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              rows={2}
              bg="bg.subtle"
              name="refund-reason"
            />
          </FormField>
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={issue.isPending}>
            Rimborsa
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

/** Admin 'Rimborsi' tab: the form and every refund, newest first. */
export function RefundsTab() {
  const refunds = useRefunds();
  return (
    <Stack gap="6">
      <RefundForm />
      <SectionCard title="Rimborsi eseguiti">
        <AdminTable<RefundView>
          query={refunds}
          rows={refunds.data}
          rowKey={(row) => row.id}
          rowTestId={() => 'refund-row'}
          empty="Nessun rimborso."
          minW="48rem"
          columns={[
            { header: 'Data', cell: (row) => formatDateTime(row.refundedAt) },
            { header: 'Vendita', cell: (row) => refundKindLabels[row.kind] },
            {
              header: 'Rimborsati',
              cell: (row) => `${formatAuracoin(row.amount)} di ${formatAuracoin(row.saleAmount)} auracoin`,
              align: 'end',
            },
            { header: 'Quota ripresa', cell: (row) => formatEuroCents(row.clawbackCents), align: 'end' },
            { header: 'Motivo', cell: (row) => <Text>{row.reason}</Text> },
          ]}
        />
      </SectionCard>
    </Stack>
  );
}
