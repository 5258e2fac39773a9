import { useState } from 'react';
import { Button, Card, Container, Flex, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { FormikProvider, useFormik } from 'formik';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { uploadMessages, type DocumentInput, REGISTRATION_FIELD_MESSAGES } from '@aura/contracts';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../components/ui/toaster';
import { registerPerformer, uploadDocument } from '../api/register-performer';
import { ContractStep } from './contract-step';
import { DocumentsStep } from './documents-step';
import { PersonalStep } from './personal-step';
import {
  INITIAL_VALUES,
  registrationBody,
  STEP_SCHEMAS,
  submitProblem,
  type RegistrationValues,
} from './registration-form';

const STEPS = ['Dati personali', 'Documenti', 'Contratto'] as const;
const STEP_VIEWS = [PersonalStep, DocumentsStep, ContractStep] as const;
const REDIRECT_MS = 2000;

/** The documents uploaded to private storage, in order; null (after its toast) when one is refused. */
async function uploadDocuments(values: RegistrationValues): Promise<DocumentInput[] | null> {
  const uploaded: DocumentInput[] = [];
  for (const doc of values.documents) {
    try {
      const result = await uploadDocument(doc.file);
      uploaded.push({
        documentType: doc.documentType,
        documentUrl: result.url,
        fileName: doc.file.name,
        fileSize: result.fileSize,
      });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Errore nel caricamento documento',
        description: errorMessage(error, { codes: { unsupported_media_type: uploadMessages.badType.message } }),
      });
      return null;
    }
  }
  return uploaded;
}

/** /performer/register: three steps, the spec's checks and messages (docs/product.md#performer-registration, #validation). */
export function RegistrationWizard() {
  const navigate = useNavigate();
  const [step, setStepState] = useState(0);
  const setStep = (next: number) => {
    setStepState(next);
    window.scrollTo({ top: 0 });
  };

  const formik = useFormik<RegistrationValues>({
    initialValues: INITIAL_VALUES,
    // the steps' schemas gate 'Continua' and `complete` runs the submit's checks before sending
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values) => {
      const documents = await uploadDocuments(values);
      if (!documents) return;
      try {
        await registerPerformer(registrationBody(values, documents));
      } catch (error) {
        const message = errorMessage(error, { fields: REGISTRATION_FIELD_MESSAGES });
        notify({
          type: 'error',
          title: 'Errore nella creazione performer',
          description: message || 'Si è verificato un errore durante la registrazione',
        });
        return;
      }
      notify({
        type: 'success',
        title: 'Registrazione completata!',
        description: 'La tua richiesta è stata inviata e sarà verificata dal nostro team',
      });
      window.setTimeout(() => void navigate('/performer/login'), REDIRECT_MS);
    },
  });
  const submitting = formik.isSubmitting;
  /** The final submit: the toast for the first check that fails (the contracts' rule), or send. */
  const complete = () => {
    const problem = submitProblem(formik.values);
    if (problem) notify({ type: 'error', title: problem.title, description: problem.message });
    else void formik.submitForm();
  };
  const canContinue = STEP_SCHEMAS[step]!.isValidSync(formik.values);
  const StepView = STEP_VIEWS[step]!;

  return (
    <Container maxW="3xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2" textAlign="center">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Registrazione Performer
          </Heading>
          <Text color="fg.muted">Completa i tre passaggi: la verifica richiede 24-48 ore.</Text>
        </Stack>
        <Stack gap="2">
          <HStack justify="space-between" fontSize="sm">
            <Text fontWeight="semibold">
              Passo {step + 1} di {STEPS.length}: {STEPS[step]}
            </Text>
            <Text color="fg.muted">{Math.round(((step + 1) / STEPS.length) * 100)}%</Text>
          </HStack>
          <Progress.Root
            value={((step + 1) / STEPS.length) * 100}
            colorPalette="brand"
            size="sm"
            aria-label="Avanzamento registrazione"
          >
            <Progress.Track rounded="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>

        <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
          <Card.Body gap="5">
            <FormikProvider value={formik}>
              <StepView />
            </FormikProvider>

            <Flex justify="space-between" gap="3" pt="2" borderTopWidth="1px" borderColor="border">
              {step > 0 ? (
                <Button variant="outline" onClick={() => setStep(step - 1)} disabled={submitting}>
                  Indietro
                </Button>
              ) : (
                <Button asChild variant="ghost">
                  <RouterLink to="/become-performer">Indietro</RouterLink>
                </Button>
              )}
              {step < STEPS.length - 1 ? (
                <Button colorPalette="brand" disabled={!canContinue} onClick={() => setStep(step + 1)}>
                  Continua
                </Button>
              ) : (
                // pressable without a signature or the terms: submit answers with the spec's toast for what is missing
                <Button
                  colorPalette="brand"
                  disabled={submitting}
                  loading={submitting}
                  loadingText="Invio in corso..."
                  onClick={complete}
                >
                  Completa Registrazione
                </Button>
              )}
            </Flex>
          </Card.Body>
        </Card.Root>
        <Text textAlign="center" fontSize="sm" color="fg.muted">
          Hai già un account?{' '}
          <RouterLink to="/performer/login" style={{ color: 'var(--chakra-colors-brand-fg)', fontWeight: 600 }}>
            Accedi all&apos;Area Performer
          </RouterLink>
        </Text>
      </Stack>
    </Container>
  );
}
