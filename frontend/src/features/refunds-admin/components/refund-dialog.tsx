import { useState } from 'react';
import { Button, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { REFUND_BODY_MESSAGES, type RefundableSaleView, type RefundKind } from '@aura/contracts';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { FormField } from '../../../components/ui/form-field';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatAuracoin, formatDate, formatDateTime } from '../../../lib/format';
import { useIssueRefund } from '../api/refunds';
import { parseItalianAmount, refundAmountError, refundLeft } from './refund-amount';

export const refundKindLabels: Record<RefundKind, string> = {
  session: 'Videochat privata',
  message: 'Messaggio',
  photo: 'Foto',
};
/** The sale in a sentence: 'la videochat privata con Giulia Rossi del 18 novembre 2026'. */
const saleWords: Record<RefundKind, string> = {
  session: 'la videochat privata',
  message: 'il messaggio',
  photo: 'la foto',
};

export const buyerName = (sale: Pick<RefundableSaleView, 'username'>) => sale.username ?? 'utente eliminato';
export const performerNameOf = (sale: Pick<RefundableSaleView, 'performerName'>) =>
  sale.performerName ?? 'performer eliminata';

/**
 * 'Rimborsa' on a sale's line: the amount (all that is left, or less) and the reason, then a
 * confirmation that names the buyer and the amount; the server asks an enrolled admin's code.
 */
export function RefundDialog({ sale, onClose }: { sale: RefundableSaleView | null; onClose: () => void }) {
  const issue = useIssueRefund();
  /** null: untouched, all that is left of the sale */
  const [amount, setAmount] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const left = sale ? refundLeft(sale) : 0;
  const amountText = amount ?? formatAuracoin(left);
  const value = parseItalianAmount(amountText);
  const amountProblem = refundAmountError(value, left);
  const reasonProblem = reason.trim() === '' ? REFUND_BODY_MESSAGES.reason : null;
  const whole = value !== null && Math.abs(value - left) < 1e-9;

  const submit = async () => {
    if (!sale) return;
    try {
      const refund = await issue.mutateAsync({
        kind: sale.kind,
        id: sale.saleId,
        reason: reason.trim(),
        ...(whole || value === null ? {} : { amount: value }),
      });
      notify({
        type: 'success',
        title: 'Rimborso eseguito',
        description: `${formatAuracoin(refund.amount)} auracoin restituiti a ${buyerName(sale)}`,
      });
      onClose();
    } catch (error) {
      setConfirming(false);
      notify({
        type: 'error',
        title: 'Rimborso non eseguito',
        description: errorMessage(error, {
          fields: {
            'body.amount': REFUND_BODY_MESSAGES.amount,
            'body.reason': REFUND_BODY_MESSAGES.reason,
          },
          codes: {
            not_found: 'Vendita non trovata',
            conflict: 'Questa vendita è già stata rimborsata per intero, o la sessione è ancora in corso',
            validation_failed: 'Importo non valido: al massimo quanto resta da rimborsare della vendita',
          },
        }),
      });
    }
  };

  const title = confirming ? 'Confermi il rimborso?' : 'Rimborsa la vendita';
  return (
    <DialogFrame
      open={sale !== null}
      onClose={onClose}
      onExitComplete={() => {
        setAmount(null);
        setReason('');
        setTouched(false);
        setConfirming(false);
      }}
      title={title}
      role={confirming ? 'alertdialog' : 'dialog'}
      testId="refund-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (confirming) void submit();
        else if (amountProblem === null && reasonProblem === null) setConfirming(true);
      }}
      formLabel={title}
      footer={
        confirming ? (
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={issue.isPending}>
              Indietro
            </Button>
            <Button type="submit" colorPalette="red" loading={issue.isPending}>
              Conferma rimborso
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Annulla
            </Button>
            <Button type="submit" colorPalette="brand">
              Continua
            </Button>
          </>
        )
      }
    >
      {sale ? (
        confirming ? (
          <Stack gap="3" data-testid="refund-confirmation">
            <Text fontSize="lg">
              Rimborsi <strong>{formatAuracoin(value ?? 0)} auracoin</strong> a <strong>{buyerName(sale)}</strong> per{' '}
              {saleWords[sale.kind]} con {performerNameOf(sale)} del {formatDate(sale.soldAt)}
              {whole
                ? ' (tutto quello che resta della vendita)'
                : ` (in parte: restano ${formatAuracoin(left - (value ?? 0))} auracoin)`}
              .
            </Text>
            <Text color="fg.muted">Motivo: {reason.trim()}</Text>
            <Text color="fg.muted" fontSize="sm">
              La quota della performer su questa parte le viene ripresa. Il rimborso non si annulla.
            </Text>
          </Stack>
        ) : (
          <Stack gap="4">
            <Text>
              {refundKindLabels[sale.kind]} di <strong>{buyerName(sale)}</strong> con {performerNameOf(sale)},{' '}
              {formatDateTime(sale.soldAt)}: {formatAuracoin(sale.amount)} auracoin
              {sale.refunded > 0 ? `, già rimborsati ${formatAuracoin(sale.refunded)}` : ''}.
            </Text>
            <FormField
              label="Importo da rimborsare (auracoin)"
              required
              error={touched && amountProblem !== null ? amountProblem : undefined}
              helperText={`Al massimo ${formatAuracoin(left)}: tutto quello che resta, o meno per un rimborso parziale.`}
            >
              <Input
                value={amountText}
                onChange={(event) => setAmount(event.target.value)}
                inputMode="decimal"
                bg="bg.subtle"
                name="refund-amount"
              />
            </FormField>
            <FormField label="Motivo" required error={touched && reasonProblem !== null ? reasonProblem : undefined}>
              <Textarea
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                rows={2}
                bg="bg.subtle"
                name="refund-reason"
                maxLength={500}
              />
            </FormField>
          </Stack>
        )
      ) : null}
    </DialogFrame>
  );
}
