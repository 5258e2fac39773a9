import { useId, useState } from 'react';
import { Badge, Button, Checkbox, Flex, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { CO_PERFORMER_CONSENT_TEXT, documentTypes, type CoPerformerView } from '@aura/contracts';
import { formatDate } from '../../../lib/format';
import { fieldError } from '../../../lib/form-errors';
import { DateField } from '../../../components/ui/date-field';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { FormField } from '../../../components/ui/form-field';
import { OptionSelect } from '../../../components/ui/option-select';
import { SectionCard } from '../../../components/ui/section-card';
import { SignaturePad } from '../../../components/ui/signature-pad';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useCoPerformers, useRevokeCoPerformer } from '../api/co-performers';
import { useCoPerformerForm } from '../hooks/use-co-performer-form';

const STATUS: Record<CoPerformerView['status'], { label: string; palette: string }> = {
  pending: { label: 'In verifica', palette: 'yellow' },
  approved: { label: 'Approvata', palette: 'green' },
  rejected: { label: 'Rifiutata', palette: 'red' },
  revoked: { label: 'Ritirata', palette: 'gray' },
};

/**
 * 'Persone in camera' (issue 39 item 7): who may appear on camera with her, each added with her own
 * ID document and signed consent and approved by the staff before a show or a photo may declare her.
 */
export function CoPerformersPanel({ performerId }: { performerId: string }) {
  const listed = useCoPerformers(performerId);
  const [adding, setAdding] = useState(false);
  return (
    <SectionCard title="Persone in camera con te">
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Prima di uno show o di una foto con un&apos;altra persona, aggiungila qui con il suo documento d&apos;identità
          e la sua firma: potrà comparire solo dopo l&apos;approvazione dello staff. Questi dati restano riservati allo
          staff di verifica.
        </Text>
        {listed.isPending ? (
          <Spinner aria-label="Caricamento..." />
        ) : listed.isError ? (
          <Text color="fg.error">Impossibile caricare l&apos;elenco.</Text>
        ) : (
          <CoPerformerList people={listed.data} performerId={performerId} />
        )}
        <Button colorPalette="brand" alignSelf="flex-start" onClick={() => setAdding(true)}>
          Aggiungi una persona
        </Button>
      </Stack>
      <AddCoPerformerDialog performerId={performerId} open={adding} onClose={() => setAdding(false)} />
    </SectionCard>
  );
}

function CoPerformerList({ people, performerId }: { people: CoPerformerView[]; performerId: string }) {
  const revoke = useRevokeCoPerformer(performerId);
  if (people.length === 0) return <Text fontSize="sm">Nessuna persona aggiunta.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" aria-label="Persone in camera">
      {people.map((person) => (
        <Flex as="li" key={person.id} gap="3" p="3" rounded="lg" bg="bg.muted" wrap="wrap" align="center">
          <Stack gap="0" flex="1" minW="40">
            <Text fontWeight="medium">{person.name}</Text>
            <Text fontSize="xs" color="fg.muted">
              Nata il {formatDate(person.dateOfBirth)} · aggiunta il {formatDate(person.addedAt)}
            </Text>
            {person.status === 'rejected' && person.statement ? (
              <Text fontSize="sm">Motivo: {person.statement}</Text>
            ) : null}
          </Stack>
          <Badge colorPalette={STATUS[person.status].palette}>{STATUS[person.status].label}</Badge>
          {person.status === 'revoked' ? null : (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              aria-label={`Ritira ${person.name}`}
              loading={revoke.isPending && revoke.variables === person.id}
              onClick={() => revoke.mutate(person.id)}
            >
              Ritira
            </Button>
          )}
        </Flex>
      ))}
    </Stack>
  );
}

function AddCoPerformerDialog({
  performerId,
  open,
  onClose,
}: {
  performerId: string;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const formik = useCoPerformerForm(performerId, onClose);
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="lg"
      title="Aggiungi una persona in camera"
      formLabel="Aggiungi una persona in camera"
      onSubmit={() => formik.handleSubmit()}
      onExitComplete={() => formik.resetForm()}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Annulla
          </Button>
          <SubmitButton colorPalette="brand" loading={formik.isSubmitting}>
            Invia alla verifica
          </SubmitButton>
        </>
      }
    >
      <Stack gap="4">
        <FormField label="Nome e cognome" error={fieldError(formik, 'name')} required>
          <Input {...formik.getFieldProps('name')} autoComplete="off" />
        </FormField>
        <FormField label="Data di nascita" error={fieldError(formik, 'dateOfBirth')} required>
          <DateField
            value={formik.values.dateOfBirth}
            onChange={(iso) => {
              void formik.setFieldValue('dateOfBirth', iso);
              void formik.setFieldTouched('dateOfBirth', true, false);
            }}
          />
        </FormField>
        <FormField label="Tipo di documento">
          <OptionSelect {...formik.getFieldProps('documentType')} options={documentTypes} />
        </FormField>
        <FormField
          label="Documento d'identità"
          error={fieldError(formik, 'file')}
          required
          helperText="JPG, PNG o PDF, massimo 10MB: conservato in modo privato."
        >
          <Input
            type="file"
            accept="image/jpeg,image/png,application/pdf"
            p="1"
            data-testid="co-performer-document"
            onChange={(event) => {
              void formik.setFieldValue('file', event.currentTarget.files?.[0] ?? null);
              void formik.setFieldTouched('file', true, false);
            }}
          />
        </FormField>
        <Text fontSize="sm" id={`${id}-consent-text`}>
          {CO_PERFORMER_CONSENT_TEXT}
        </Text>
        <Stack gap="1">
          <Text fontWeight="medium" id={`${id}-signature`}>
            La sua firma
          </Text>
          <SignaturePad
            labelId={`${id}-signature`}
            onChange={(dataUrl) => void formik.setFieldValue('signedConsent', dataUrl)}
          />
          {formik.submitCount > 0 && formik.errors.signedConsent ? (
            <Text color="fg.error" fontSize="sm">
              {formik.errors.signedConsent}
            </Text>
          ) : null}
        </Stack>
        <Checkbox.Root
          checked={formik.values.consent}
          onCheckedChange={(event) => void formik.setFieldValue('consent', event.checked === true)}
          invalid={Boolean(fieldError(formik, 'consent'))}
          aria-describedby={`${id}-consent-text`}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>La persona ha letto e accetta il consenso qui sopra</Checkbox.Label>
        </Checkbox.Root>
        {fieldError(formik, 'consent') ? (
          <Text color="fg.error" fontSize="sm">
            {fieldError(formik, 'consent')}
          </Text>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}
