import { useFormik } from 'formik';
import * as yup from 'yup';
import { Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import {
  CARD_REFERENCE_MESSAGES,
  CARD_REFERENCE_PATTERN,
  IBAN_MESSAGES,
  PAYOUT_HOLDER_MAX,
  PAYOUT_HOLDER_MESSAGES,
  PAYOUT_METHOD_MESSAGE,
  payoutMethods,
  isValidIban,
  type PayoutDetailsEntry,
  type PayoutMethod,
} from '@aura/contracts';
import { FormField } from '../../../components/ui/form-field';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { bindField, showRefusedFields, type FieldMessages } from '../../../lib/form-errors';
import { usePayoutDetails, useSavePayoutDetails } from '../api/payouts';
import { formatRomeDateTime, formatRomeDay } from './payout-format';
import { SubmitButton } from '../../../components/ui/submit-button';

interface DetailsValues {
  method: PayoutMethod;
  holderName: string;
  iban: string;
  cardReference: string;
}

const schema = yup.object({
  method: yup.string().oneOf(payoutMethods).required(),
  holderName: yup
    .string()
    .trim()
    .required(PAYOUT_HOLDER_MESSAGES.required)
    .max(PAYOUT_HOLDER_MAX, PAYOUT_HOLDER_MESSAGES.tooLong),
  iban: yup.string().when('method', {
    is: 'iban',
    then: (field) =>
      field
        .trim()
        .required(IBAN_MESSAGES.required)
        .test('iban', IBAN_MESSAGES.invalid, (value) => isValidIban(value ?? '')),
  }),
  cardReference: yup.string().when('method', {
    is: 'card',
    then: (field) =>
      field
        .trim()
        .required(CARD_REFERENCE_MESSAGES.required)
        .matches(CARD_REFERENCE_PATTERN, CARD_REFERENCE_MESSAGES.invalid),
  }),
});

const refusals: FieldMessages<DetailsValues> = {
  method: PAYOUT_METHOD_MESSAGE,
  holderName: PAYOUT_HOLDER_MESSAGES.required,
  iban: IBAN_MESSAGES.invalid,
  cardReference: CARD_REFERENCE_MESSAGES.invalid,
};

function DetailsLine({ label, entry }: { label: string; entry: PayoutDetailsEntry }) {
  return (
    <Text fontSize="sm">
      {label}: <strong>{entry.masked}</strong> · {entry.holderName} (in vigore da {formatRomeDay(entry.effectiveFrom)})
    </Text>
  );
}

/** Where she is paid: the holder and an IBAN (checked by its checksum) or a card payout reference; shown masked once saved. */
export function PayoutDetailsForm({ performerId }: { performerId: string }) {
  const details = usePayoutDetails(performerId);
  const save = useSavePayoutDetails(performerId);
  const formik = useFormik<DetailsValues>({
    initialValues: { method: 'iban', holderName: '', iban: '', cardReference: '' },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const body =
        values.method === 'iban'
          ? { method: 'iban' as const, holderName: values.holderName.trim(), iban: values.iban }
          : {
              method: 'card' as const,
              holderName: values.holderName.trim(),
              cardReference: values.cardReference.trim(),
            };
      try {
        const view = await save.mutateAsync(body);
        helpers.resetForm();
        notify({
          type: 'success',
          title: 'Dati di pagamento salvati',
          description: view.upcoming ? `In vigore da ${formatRomeDay(view.upcoming.effectiveFrom)}` : undefined,
        });
      } catch (error) {
        showRefusedFields(helpers, error, refusals);
        notify({ type: 'error', title: 'Errore', description: errorMessage(error, { fields: refusals }) });
      }
    },
  });
  const view = details.data;

  return (
    <Stack gap="4" as="section" aria-labelledby="payout-details-title">
      <Text id="payout-details-title" fontWeight="bold" fontSize="lg">
        Dati di pagamento
      </Text>
      <Stack gap="1" data-testid="payout-details-current" aria-live="polite">
        {view?.current ? (
          <DetailsLine label="Attuali" entry={view.current} />
        ) : (
          <Text fontSize="sm">
            Nessun dato di pagamento in vigore: i pagamenti restano in attesa finché non li aggiungi.
          </Text>
        )}
        {view?.upcoming ? <DetailsLine label="Nuovi" entry={view.upcoming} /> : null}
        <Text fontSize="xs" color="fg.muted">
          Una modifica vale dal periodo successivo (dal lunedì dopo), così un pagamento già in corso non cambia
          destinazione.
        </Text>
      </Stack>
      <form onSubmit={formik.handleSubmit} noValidate aria-label="Dati di pagamento">
        <Stack gap="3" maxW="lg">
          <RadioGroup.Root
            value={formik.values.method}
            onValueChange={(e) => void formik.setFieldValue('method', e.value)}
          >
            {/* the group's name, by the id Chakra's root points at (aria-labelledby) */}
            <RadioGroup.Label srOnly>Metodo di pagamento</RadioGroup.Label>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <RadioGroup.Item value="iban">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Bonifico su IBAN</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="card">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>Carta (riferimento di pagamento)</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
          <FormField label="Intestatario" required error={bindField(formik, 'holderName').error}>
            <Input {...formik.getFieldProps('holderName')} autoComplete="name" bg="bg.subtle" />
          </FormField>
          {formik.values.method === 'iban' ? (
            <FormField
              label="IBAN"
              required
              error={bindField(formik, 'iban').error}
              helperText="Es. IT60 X054 2811 1010 0000 0123 456: controlliamo il codice di controllo."
            >
              <Input {...formik.getFieldProps('iban')} autoComplete="off" spellCheck={false} bg="bg.subtle" />
            </FormField>
          ) : (
            <FormField
              label="Riferimento carta"
              required
              error={bindField(formik, 'cardReference').error}
              helperText="Il codice che il circuito della tua carta ti ha dato per ricevere pagamenti (mai il numero della carta)."
            >
              <Input {...formik.getFieldProps('cardReference')} autoComplete="off" spellCheck={false} bg="bg.subtle" />
            </FormField>
          )}
          <SubmitButton colorPalette="brand" alignSelf="flex-start" loading={save.isPending}>
            Salva dati di pagamento
          </SubmitButton>
        </Stack>
      </form>
      {view && view.history.length > 0 ? (
        <Stack gap="1" as="section" aria-label="Storico delle modifiche">
          <Text fontWeight="semibold" fontSize="sm">
            Storico delle modifiche
          </Text>
          {view.history.map((entry) => (
            <Text key={entry.changedAt} fontSize="xs" color="fg.muted" data-testid="payout-details-change">
              {formatRomeDateTime(entry.changedAt)}: {entry.method === 'iban' ? 'IBAN' : 'carta'} {entry.masked}, in
              vigore da {formatRomeDay(entry.effectiveFrom)}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
