import * as yup from 'yup';
import {
  ageHint,
  ageOn,
  REGISTRATION_DOCUMENTS_MIN,
  REGISTRATION_RATE_DEFAULT,
  registrationProblem,
  SENSITIVE_DATA_CONSENT_TEXTS,
  type DocumentInput,
  type documentTypes,
  type PerformerRegistrationInput,
  type RegistrationProblem,
} from '@aura/contracts';

export type DocumentType = (typeof documentTypes)[number];

export interface AttachedDocument {
  key: string;
  file: File;
  documentType: DocumentType;
}

/** What the three steps fill in: the formik values of the wizard. */
export interface RegistrationValues {
  username: string;
  email: string;
  password: string;
  name: string;
  dateOfBirth: string;
  bio: string;
  /** a number input's value: '' while empty */
  creditsPerMinute: number | '';
  languages: string[];
  category: string;
  hairColor: string;
  eyeColor: string;
  bodyType: string;
  ethnicity: string;
  height: number | '';
  specialFeatures: string[];
  documents: AttachedDocument[];
  /** the signature pad's PNG data URL, '' while unsigned */
  digitalSignature: string;
  acceptedTerms: boolean;
  /** GDPR Art. 9: her explicit consent to data about sexual life */
  sensitiveDataConsent: boolean;
}

export const INITIAL_VALUES: RegistrationValues = {
  username: '',
  email: '',
  password: '',
  name: '',
  dateOfBirth: '',
  bio: '',
  creditsPerMinute: REGISTRATION_RATE_DEFAULT,
  languages: ['Italiano'],
  category: 'Standard',
  hairColor: '',
  eyeColor: '',
  bodyType: '',
  ethnicity: '',
  height: '',
  specialFeatures: [],
  documents: [],
  digitalSignature: '',
  acceptedTerms: false,
  sensitiveDataConsent: false,
};

/** The fixed default picture of a new performer (she changes it from her profile). */
export const DEFAULT_PERFORMER_IMAGE = '/demo/performers/1.svg';

/**
 * What lets each step go on ('Continua' stays disabled until it holds): an adult's birth date
 * (the age line under it says why not), then at least one document. The contract step goes on
 * to the submit, always pressable.
 */
export const STEP_SCHEMAS = [
  yup.object({
    dateOfBirth: yup
      .string()
      .required()
      .test('adult', (value) => ageHint(value, new Date()).ok),
  }),
  yup.object({ documents: yup.array().min(REGISTRATION_DOCUMENTS_MIN) }),
  yup.object(),
] as const;

/**
 * The submit's checks: the contracts' `registrationProblem` (the server runs the same), the first
 * failing one in the spec's order, with its toast title.
 */
export const registrationSchema = yup.mixed<RegistrationValues>().test('registration', (values, context) => {
  const problem = values && registrationProblem({ ...values, documentCount: values.documents.length }, new Date());
  return problem
    ? context.createError({ path: problem.field, message: problem.message, params: { title: problem.title } })
    : true;
});

/** The toast for what the submit still misses, or null when the registration may be sent. */
export function submitProblem(values: RegistrationValues): Pick<RegistrationProblem, 'title' | 'message'> | null {
  try {
    registrationSchema.validateSync(values);
    // after the spec's five checks: the consent the server refuses the registration without
    if (!values.sensitiveDataConsent)
      return { title: SENSITIVE_DATA_CONSENT_TEXTS.title, message: SENSITIVE_DATA_CONSENT_TEXTS.required };
    return null;
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    return { title: String(error.params?.title), message: error.message };
  }
}

type Option<K extends keyof PerformerRegistrationInput> = NonNullable<PerformerRegistrationInput[K]>;

/** The registration body (createPerformer) of the values and the documents already uploaded. */
export function registrationBody(values: RegistrationValues, documents: DocumentInput[]): PerformerRegistrationInput {
  return {
    username: values.username.trim(),
    password: values.password,
    email: values.email.trim(),
    name: values.name.trim(),
    dateOfBirth: values.dateOfBirth,
    age: ageOn(values.dateOfBirth, new Date()),
    bio: values.bio.trim() || null,
    creditsPerMinute: Number(values.creditsPerMinute),
    languages: values.languages as Option<'languages'>,
    category: values.category as Option<'category'>,
    hairColor: (values.hairColor || null) as PerformerRegistrationInput['hairColor'],
    eyeColor: (values.eyeColor || null) as PerformerRegistrationInput['eyeColor'],
    bodyType: (values.bodyType || null) as PerformerRegistrationInput['bodyType'],
    ethnicity: (values.ethnicity || null) as PerformerRegistrationInput['ethnicity'],
    height: values.height === '' ? null : values.height,
    specialFeatures: values.specialFeatures as Option<'specialFeatures'>,
    image: DEFAULT_PERFORMER_IMAGE,
    digitalSignature: values.digitalSignature,
    signedContractAt: new Date().toISOString(),
    verificationStatus: 'pending',
    acceptedTerms: values.acceptedTerms,
    sensitiveDataConsent: values.sensitiveDataConsent,
    documents,
  };
}
