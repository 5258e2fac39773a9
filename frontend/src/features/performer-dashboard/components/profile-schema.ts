import * as yup from 'yup';
import { categoryOptions, isHalfStep, MESSAGE_PRICE_MIN, PERFORMER_AGE_MAX, PERFORMER_AGE_MIN, RATE_MIN } from '@aura/contracts';

/** The form's message for each field the server may refuse. */
export const PROFILE_FIELD_MESSAGES = {
  name: 'Inserisci un nome (massimo 80 caratteri)',
  age: `Età tra ${PERFORMER_AGE_MIN} e ${PERFORMER_AGE_MAX} anni`,
  creditsPerMinute: `Tariffa minima ${RATE_MIN}, a passi di 0,5`,
  messagePrice: 'Prezzo minimo 0, a passi di 0,5',
  image: 'Inserisci un URL valido',
  category: 'Categoria non valida',
  languages: 'Scegli almeno una lingua',
} as const;

/** The own-profile form's rules (spec §5): the server checks the same. */
export const profileSchema = yup.object({
  name: yup.string().trim().required('Il nome è obbligatorio'),
  age: yup
    .number()
    .typeError("Inserisci l'età")
    .required("Inserisci l'età")
    .integer("L'età deve essere un numero intero")
    .min(PERFORMER_AGE_MIN, `Età minima ${PERFORMER_AGE_MIN} anni`)
    .max(PERFORMER_AGE_MAX, `Età massima ${PERFORMER_AGE_MAX} anni`),
  creditsPerMinute: yup
    .number()
    .typeError('Inserisci la tariffa')
    .required('Inserisci la tariffa')
    .min(RATE_MIN, `Tariffa minima ${RATE_MIN}`)
    .test('half-step', 'La tariffa va a passi di 0,5', (value) => value === undefined || isHalfStep(value, RATE_MIN)),
  messagePrice: yup
    .number()
    .typeError('Inserisci il prezzo del messaggio')
    .required('Inserisci il prezzo del messaggio')
    .min(MESSAGE_PRICE_MIN, 'Il prezzo non può essere negativo')
    .test('half-step', 'Il prezzo va a passi di 0,5', (value) => value === undefined || value < MESSAGE_PRICE_MIN || isHalfStep(value, MESSAGE_PRICE_MIN)),
  image: yup
    .string()
    .trim()
    .required("Inserisci l'URL della foto")
    .test('url', 'Inserisci un URL valido', (value) => !value || /^https?:\/\/\S+$/i.test(value) || /^\/[\w\-./]+$/.test(value)),
  category: yup.string().oneOf([...categoryOptions, ''], 'Categoria non valida'),
  languages: yup.array(yup.string().required()).min(1, 'Scegli almeno una lingua'),
});

export type ProfileValues = yup.InferType<typeof profileSchema>;
