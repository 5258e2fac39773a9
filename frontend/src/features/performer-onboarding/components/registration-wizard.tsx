import { useCallback, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Container,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  IconButton,
  Input,
  Progress,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  ageHint,
  ageOn,
  bodyTypes,
  categoryOptions,
  documentTypes,
  ethnicities,
  eyeColors,
  hairColors,
  HEIGHT_MAX_CM,
  HEIGHT_MIN_CM,
  languageOptions,
  PASSWORD_MIN,
  REGISTRATION_RATE_DEFAULT,
  REGISTRATION_RATE_MIN,
  registrationProblem,
  specialFeatureOptions,
  uploadMessages,
  USERNAME_MAX,
  USERNAME_MIN,
} from '@aura/contracts';
import type { PerformerRegistrationInput } from '@aura/contracts';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/format';
import { notify } from '../../../components/ui/toaster';
import { DateField } from '../../../components/ui/date-field';
import { OptionSelect } from '../../../components/ui/option-select';
import { registerPerformer, uploadDocument } from '../api/register-performer';
import { checkDocumentFile } from './document-check';
import { SignaturePad } from './signature-pad';

type DocumentType = (typeof documentTypes)[number];

interface AttachedDocument {
  key: string;
  file: File;
  documentType: DocumentType;
}

export interface RegistrationValues {
  username: string;
  email: string;
  password: string;
  name: string;
  dateOfBirth: string;
  bio: string;
  creditsPerMinute: string;
  languages: string[];
  category: string;
  hairColor: string;
  eyeColor: string;
  bodyType: string;
  ethnicity: string;
  height: string;
  specialFeatures: string[];
}

const INITIAL: RegistrationValues = {
  username: '',
  email: '',
  password: '',
  name: '',
  dateOfBirth: '',
  bio: '',
  creditsPerMinute: String(REGISTRATION_RATE_DEFAULT),
  languages: ['Italiano'],
  category: 'Standard',
  hairColor: '',
  eyeColor: '',
  bodyType: '',
  ethnicity: '',
  height: '',
  specialFeatures: [],
};

/** The fixed default picture of a new performer (she changes it from her profile). */
export const DEFAULT_PERFORMER_IMAGE = '/demo/performers/1.svg';
const STEPS = ['Dati personali', 'Documenti', 'Contratto'] as const;
const REDIRECT_MS = 2000;

export const CONTRACT_TEXT = `CONTRATTO DI COLLABORAZIONE PERFORMER

1. Oggetto. La Performer offre, tramite la piattaforma Aura, sessioni video private, messaggi e foto in vendita agli utenti registrati.
2. Compensi. Alla Performer spetta il 55% di ogni sessione, foto venduta e messaggio; alla piattaforma il 45%. 1 auracoin corrisponde a 1 euro. I pagamenti sono settimanali.
3. Requisiti. La Performer dichiara di avere almeno 18 anni e fornisce un documento d'identità valido, verificato dallo staff entro 24-48 ore.
4. Privacy. La Performer può nascondere il proprio profilo in determinati paesi (geoblocking) e bloccare singoli utenti.
5. Condotta. La Performer si impegna a un comportamento professionale e al rispetto delle leggi applicabili.
6. Recesso. Ciascuna parte può recedere in qualsiasi momento, salvo il pagamento dei compensi maturati.`;

/** The wizard's message for each field the server may refuse. */
const REGISTRATION_FIELD_MESSAGES = {
  username: `Username non valido: da ${USERNAME_MIN} a ${USERNAME_MAX} caratteri`,
  password: `La password deve avere almeno ${PASSWORD_MIN} caratteri`,
  email: "Inserisci un'email valida",
  name: "Nome d'arte non valido (massimo 80 caratteri)",
  dateOfBirth: 'Data di nascita non valida',
  creditsPerMinute: `Tariffa non valida: minimo ${REGISTRATION_RATE_MIN}, a passi di 0,5`,
  languages: 'Lingue non valide',
  category: 'Categoria non valida',
  hairColor: 'Colore dei capelli non valido',
  eyeColor: 'Colore degli occhi non valido',
  bodyType: 'Corporatura non valida',
  ethnicity: 'Etnia non valida',
  height: `Altezza tra ${HEIGHT_MIN_CM} e ${HEIGHT_MAX_CM} cm`,
  specialFeatures: 'Caratteristiche non valide',
  bio: 'Bio troppo lunga (massimo 2000 caratteri)',
  digitalSignature: 'Firma il contratto per completare la registrazione',
  documents: "Carica almeno un documento d'identità",
} as const;

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? [...new Set([...list, value])] : list.filter((v) => v !== value);
}

/** /performer/register: three steps, the spec's checks and messages (spec §2, §5). */
export function RegistrationWizard() {
  const navigate = useNavigate();
  const id = useId();
  const [step, setStepState] = useState(0);
  const setStep = (next: number) => {
    setStepState(next);
    window.scrollTo({ top: 0 });
  };
  const [values, setValues] = useState<RegistrationValues>(INITIAL);
  const [documents, setDocuments] = useState<AttachedDocument[]>([]);
  const [signature, setSignature] = useState('');
  const [terms, setTerms] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const onSignature = useCallback((dataUrl: string) => setSignature(dataUrl), []);

  const set = <K extends keyof RegistrationValues>(key: K, value: RegistrationValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: keyof RegistrationValues) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    set(key, e.currentTarget.value as never);

  const hint = values.dateOfBirth ? ageHint(values.dateOfBirth, new Date()) : null;
  const adult = hint?.ok === true;

  const addFiles = async (files: FileList | null) => {
    if (!files) return;
    for (const file of Array.from(files)) {
      const problem = await checkDocumentFile(file);
      if (problem) {
        notify({ type: 'error', title: problem.title, description: problem.message });
        continue;
      }
      setDocuments((docs) => [
        ...docs,
        { key: crypto.randomUUID(), file, documentType: docs.length === 0 ? 'ID Fronte' : docs.length === 1 ? 'ID Retro' : 'Altro' },
      ]);
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  const submit = async () => {
    const problem = registrationProblem(
      { ...values, documentCount: documents.length, digitalSignature: signature, acceptedTerms: terms },
      new Date(),
    );
    if (problem) {
      notify({ type: 'error', title: problem.title, description: problem.message });
      return;
    }
    setSubmitting(true);
    try {
      const uploaded = [];
      for (const doc of documents) {
        try {
          const result = await uploadDocument(doc.file);
          uploaded.push({ documentType: doc.documentType, documentUrl: result.url, fileName: doc.file.name, fileSize: result.fileSize });
        } catch (error) {
          notify({ type: 'error', title: 'Errore nel caricamento documento', description: errorMessage(error, { codes: { unsupported_media_type: uploadMessages.badType.message } }) });
          return;
        }
      }
      const age = ageOn(values.dateOfBirth, new Date());
      try {
        await registerPerformer({
          username: values.username.trim(),
          password: values.password,
          email: values.email.trim(),
          name: values.name.trim(),
          dateOfBirth: values.dateOfBirth,
          age,
          bio: values.bio.trim() || null,
          creditsPerMinute: Number(values.creditsPerMinute),
          languages: values.languages as (typeof languageOptions)[number][],
          category: values.category as (typeof categoryOptions)[number],
          hairColor: (values.hairColor || null) as PerformerRegistrationInput['hairColor'],
          eyeColor: (values.eyeColor || null) as PerformerRegistrationInput['eyeColor'],
          bodyType: (values.bodyType || null) as PerformerRegistrationInput['bodyType'],
          ethnicity: (values.ethnicity || null) as PerformerRegistrationInput['ethnicity'],
          height: values.height ? Number(values.height) : null,
          specialFeatures: values.specialFeatures as (typeof specialFeatureOptions)[number][],
          image: DEFAULT_PERFORMER_IMAGE,
          digitalSignature: signature,
          signedContractAt: new Date().toISOString(),
          verificationStatus: 'pending',
          acceptedTerms: terms,
          documents: uploaded,
        });
      } catch (error) {
        const message = errorMessage(error, { fields: REGISTRATION_FIELD_MESSAGES });
        notify({ type: 'error', title: 'Errore nella creazione performer', description: message || 'Si è verificato un errore durante la registrazione' });
        return;
      }
      notify({ type: 'success', title: 'Registrazione completata!', description: 'La tua richiesta è stata inviata e sarà verificata dal nostro team' });
      window.setTimeout(() => void navigate('/performer/login'), REDIRECT_MS);
    } finally {
      setSubmitting(false);
    }
  };

  const select = (key: 'hairColor' | 'eyeColor' | 'bodyType' | 'ethnicity' | 'category', label: string, options: readonly string[], placeholder?: string) => (
    <Field.Root>
      <Field.Label htmlFor={`${id}-${key}`}>{label}</Field.Label>
      <OptionSelect id={`${id}-${key}`} value={values[key]} onChange={text(key)} bg="bg.subtle" emptyOption={placeholder} options={options} />
    </Field.Root>
  );

  const input = (key: keyof RegistrationValues, label: string, props: Record<string, unknown> = {}, helper?: string) => (
    <Field.Root required={Boolean(props.required)}>
      <Field.Label>
        {label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input value={values[key] as string} onChange={text(key)} bg="bg.subtle" {...props} />
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );

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
          <Progress.Root value={((step + 1) / STEPS.length) * 100} colorPalette="brand" size="sm" aria-label="Avanzamento registrazione">
            <Progress.Track rounded="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>

        <Card.Root bg="bg.panel" borderColor="border" rounded="2xl">
          <Card.Body gap="5">
            {step === 0 ? (
              <>
                <Heading as="h2" size="md">
                  Informazioni personali
                </Heading>
                <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
                  {input('name', 'Nome d\'arte', { required: true, autoComplete: 'nickname' })}
                  {input('username', 'Username', { required: true, autoComplete: 'username' })}
                  {input('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
                  {input('password', 'Password', { required: true, type: 'password', autoComplete: 'new-password' }, 'Almeno 6 caratteri')}
                  <Field.Root required invalid={hint !== null && !adult}>
                    <Field.Label>
                      Data di nascita
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <DateField
                      value={values.dateOfBirth}
                      onChange={(iso) => set('dateOfBirth', iso)}
                      min="1900-01-01"
                      max={new Date().toISOString().slice(0, 10)}
                      autoComplete="bday"
                    />
                    <Field.HelperText>Formato gg/mm/aaaa</Field.HelperText>
                    {hint ? (
                      <Text fontSize="sm" color={adult ? 'green.300' : 'red.300'} data-testid="age-hint" aria-live="polite">
                        {hint.text}
                      </Text>
                    ) : null}
                  </Field.Root>
                  {input('creditsPerMinute', 'Tariffa (auracoin/min)', { type: 'number', min: REGISTRATION_RATE_MIN, step: 0.5 }, `Minimo ${REGISTRATION_RATE_MIN}, predefinita ${REGISTRATION_RATE_DEFAULT}`)}
                  {select('category', 'Categoria', categoryOptions)}
                  {input('height', 'Altezza (cm)', { type: 'number', min: HEIGHT_MIN_CM, max: HEIGHT_MAX_CM }, `Da ${HEIGHT_MIN_CM} a ${HEIGHT_MAX_CM} cm`)}
                </Grid>
                <Field.Root>
                  <Field.Label>Bio</Field.Label>
                  <Textarea value={values.bio} onChange={text('bio')} bg="bg.subtle" rows={3} placeholder="Raccontati in poche righe (facoltativo)" />
                </Field.Root>
                <Stack as="fieldset" gap="2">
                  <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
                    Lingue
                  </Text>
                  <Flex gap="4" wrap="wrap">
                    {languageOptions.map((l) => (
                      <Checkbox.Root key={l} checked={values.languages.includes(l)} onCheckedChange={(e) => set('languages', toggle(values.languages, l, e.checked === true))} colorPalette="brand">
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{l}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Flex>
                </Stack>
                <Heading as="h2" size="md" pt="2">
                  Caratteristiche fisiche
                </Heading>
                <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
                  {select('hairColor', 'Colore capelli', hairColors, 'Seleziona')}
                  {select('eyeColor', 'Colore occhi', eyeColors, 'Seleziona')}
                  {select('bodyType', 'Corporatura', bodyTypes, 'Seleziona')}
                  {select('ethnicity', 'Etnia', ethnicities, 'Seleziona')}
                </Grid>
                <Stack as="fieldset" gap="2">
                  <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
                    Caratteristiche speciali
                  </Text>
                  <Flex gap="4" wrap="wrap">
                    {specialFeatureOptions.map((f) => (
                      <Checkbox.Root key={f} checked={values.specialFeatures.includes(f)} onCheckedChange={(e) => set('specialFeatures', toggle(values.specialFeatures, f, e.checked === true))} colorPalette="brand">
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{f}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </Flex>
                </Stack>
              </>
            ) : null}

            {step === 1 ? (
              <>
                <Heading as="h2" size="md">
                  Documenti d&apos;identità
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  Carica fronte e retro di un documento valido (JPG, PNG o PDF, massimo 10MB ciascuno). I documenti sono
                  conservati in modo privato e visibili solo allo staff di verifica.
                </Text>
                <Box>
                  <input
                    ref={fileInput}
                    id={`${id}-files`}
                    type="file"
                    multiple
                    accept="image/jpeg,image/png,application/pdf"
                    onChange={(e) => void addFiles(e.currentTarget.files)}
                    style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
                    data-testid="document-input"
                  />
                  <Button asChild variant="outline" width="100%" height="24" borderStyle="dashed">
                    <label htmlFor={`${id}-files`} style={{ cursor: 'pointer' }}>
                      Scegli i file da caricare
                    </label>
                  </Button>
                </Box>
                <Stack gap="2" as="ul" listStyleType="none" aria-label="Documenti allegati">
                  {documents.map((doc) => (
                    <Flex as="li" key={doc.key} gap="3" align="center" p="3" rounded="lg" bg="bg.muted" wrap="wrap" data-testid="attached-document">
                      <Stack gap="0" flex="1" minW="40">
                        <Text fontWeight="medium" lineClamp={1}>
                          {doc.file.name}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {formatFileSize(doc.file.size)}
                        </Text>
                      </Stack>
                      <OptionSelect
                        size="sm"
                        width="36"
                        aria-label={`Tipo di documento di ${doc.file.name}`}
                        value={doc.documentType}
                        onChange={(e) => {
                          const value = e.currentTarget.value as DocumentType;
                          setDocuments((docs) => docs.map((d) => (d.key === doc.key ? { ...d, documentType: value } : d)));
                        }}
                        options={documentTypes}
                      />
                      <IconButton
                        size="sm"
                        variant="ghost"
                        aria-label={`Rimuovi ${doc.file.name}`}
                        onClick={() => setDocuments((docs) => docs.filter((d) => d.key !== doc.key))}
                      >
                        ✕
                      </IconButton>
                    </Flex>
                  ))}
                </Stack>
                {documents.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    Nessun documento allegato.
                  </Text>
                ) : (
                  <Badge colorPalette="green" alignSelf="flex-start">
                    {documents.length} {documents.length === 1 ? 'documento allegato' : 'documenti allegati'}
                  </Badge>
                )}
              </>
            ) : null}

            {step === 2 ? (
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
                <Checkbox.Root checked={terms} onCheckedChange={(e) => setTerms(e.checked === true)} colorPalette="brand">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Ho letto e accetto i termini e condizioni del contratto</Checkbox.Label>
                </Checkbox.Root>
              </>
            ) : null}

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
              {step === 0 ? (
                <Button colorPalette="brand" disabled={!adult} onClick={() => setStep(1)}>
                  Continua
                </Button>
              ) : step === 1 ? (
                <Button colorPalette="brand" disabled={documents.length === 0} onClick={() => setStep(2)}>
                  Continua
                </Button>
              ) : (
                // pressable without a signature or the terms: submit answers with the spec's toast for what is missing
                <Button colorPalette="brand" disabled={submitting} loading={submitting} loadingText="Invio in corso..." onClick={() => void submit()}>
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
