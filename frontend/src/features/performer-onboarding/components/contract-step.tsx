import { useCallback, useId } from 'react';
import { Box, Checkbox, Heading, Stack, Text } from '@chakra-ui/react';
import { useFormikContext } from 'formik';
import { SENSITIVE_DATA_CONSENT_TEXTS } from '@aura/contracts';
import { SignaturePad } from '../../../components/ui/signature-pad';
import type { RegistrationValues } from './registration-form';

// one line of the text per clause
export const CONTRACT_TEXT = [
  'CONTRATTO DI COLLABORAZIONE PERFORMER',
  '',
  '1. Oggetto. La Performer offre, tramite la piattaforma Aura, sessioni video private, messaggi e foto in vendita agli utenti registrati.',
  '2. Compensi. Alla Performer spetta il 55% di ogni sessione, foto venduta e messaggio; alla piattaforma il 45%. ' +
    '1 auracoin corrisponde a 1 euro. I pagamenti sono settimanali.',
  "3. Requisiti. La Performer dichiara di avere almeno 18 anni e fornisce un documento d'identità valido, verificato dallo staff entro 24-48 ore.",
  '4. Privacy. La Performer può nascondere il proprio profilo in determinati paesi (geoblocking) e bloccare singoli utenti.',
  '5. Condotta. La Performer si impegna a un comportamento professionale e al rispetto delle leggi applicabili.',
  '6. Recesso. Ciascuna parte può recedere in qualsiasi momento, salvo il pagamento dei compensi maturati.',
].join('\n');

/** Step 3, 'Contratto': the text, her signature and the terms (the submit says what is missing). */
export function ContractStep() {
  const id = useId();
  const { values, setFieldValue } = useFormikContext<RegistrationValues>();
  const onSignature = useCallback(
    (dataUrl: string) => void setFieldValue('digitalSignature', dataUrl),
    [setFieldValue],
  );
  return (
    <>
      <Heading as="h2" size="md">
        Contratto
      </Heading>
      <Box
        as="pre"
        whiteSpace="pre-wrap"
        fontFamily="inherit"
        fontSize="sm"
        color="fg.muted"
        p="4"
        rounded="lg"
        bg="bg.muted"
        maxH="64"
        overflowY="auto"
        tabIndex={0}
        aria-label="Testo del contratto"
      >
        {CONTRACT_TEXT}
      </Box>
      <Stack gap="2">
        <Text fontWeight="medium" id={`${id}-signature`}>
          Firma digitale
        </Text>
        <SignaturePad onChange={onSignature} labelId={`${id}-signature`} />
      </Stack>
      <Checkbox.Root
        checked={values.acceptedTerms}
        onCheckedChange={(e) => void setFieldValue('acceptedTerms', e.checked === true)}
        colorPalette="brand"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Ho letto e accetto i termini e condizioni del contratto</Checkbox.Label>
      </Checkbox.Root>
      <Checkbox.Root
        checked={values.sensitiveDataConsent}
        onCheckedChange={(e) => void setFieldValue('sensitiveDataConsent', e.checked === true)}
        colorPalette="brand"
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label>{SENSITIVE_DATA_CONSENT_TEXTS.label}</Checkbox.Label>
      </Checkbox.Root>
    </>
  );
}
