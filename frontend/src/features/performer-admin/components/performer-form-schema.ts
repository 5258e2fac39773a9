import * as yup from 'yup';
import {
  categoryOptions,
  formatAuracoin,
  formatNumber,
  isHalfStep,
  PERFORMER_AGE_MAX,
  PERFORMER_AGE_MIN,
  priceCeilingMessages,
  priceCeilings,
  RATE_MIN,
  RATE_STEP,
} from '@aura/contracts';

/** The rate's rule in Italian ("Minimo 0,5, a passi di 0,5"), from the one formatter. */
const RATE_RULE = `Minimo ${formatAuracoin(RATE_MIN)}, a passi di ${formatAuracoin(RATE_STEP)}`;
const RATING_STEP = `A passi di ${formatNumber(0.1)}`;

/** The form's message for each field the server may refuse. */
export const ADMIN_PERFORMER_FIELD_MESSAGES = {
  name: 'Inserisci un nome (massimo 80 caratteri)',
  age: `Età tra ${PERFORMER_AGE_MIN} e ${PERFORMER_AGE_MAX} anni`,
  image: 'Inserisci un URL valido',
  creditsPerMinute: `${RATE_RULE}, massimo ${formatAuracoin(priceCeilings.ratePerMinute)}`,
  languages: 'Inserisci da 1 a 10 lingue, separate da virgola',
  rating: `Numero tra 0 e 5, ${RATING_STEP.toLowerCase()}`,
  category: 'Categoria non valida',
  bio: 'Bio troppo lunga (massimo 2000 caratteri)',
  isOnline: 'Valore non valido',
} as const;

/** The admin performer form (docs/product.md#validation): name, age, image (URL), rate and languages required; rating 0–5 step 0.1. */
export const adminPerformerSchema = yup.object({
  name: yup.string().trim().required('Campo obbligatorio'),
  age: yup
    .number()
    .typeError('Campo obbligatorio')
    .required('Campo obbligatorio')
    .integer('Numero intero')
    .min(PERFORMER_AGE_MIN, `Minimo ${PERFORMER_AGE_MIN}`)
    .max(PERFORMER_AGE_MAX, `Massimo ${PERFORMER_AGE_MAX}`),
  image: yup
    .string()
    .trim()
    .required('Campo obbligatorio')
    .test('url', 'Inserisci un URL valido', (v) => !v || /^https?:\/\/\S+$/i.test(v) || /^\/[\w\-./]+$/.test(v)),
  creditsPerMinute: yup
    .number()
    .typeError('Campo obbligatorio')
    .required('Campo obbligatorio')
    .test('step', RATE_RULE, (v) => v === undefined || isHalfStep(v, RATE_MIN))
    .max(priceCeilings.ratePerMinute, priceCeilingMessages.ratePerMinute),
  languages: yup
    .string()
    .required('Campo obbligatorio')
    .test('some', 'Campo obbligatorio', (v) => (v ?? '').split(',').some((part) => part.trim() !== '')),
  rating: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError('Numero tra 0 e 5')
    .min(0, 'Numero tra 0 e 5')
    .max(5, 'Numero tra 0 e 5')
    .test('step', RATING_STEP, (v) => v === undefined || Math.abs(v * 10 - Math.round(v * 10)) < 1e-9),
  category: yup.string().oneOf([...categoryOptions, '']),
  bio: yup.string(),
});

/** Languages typed as 'Italiano, English' → ['Italiano', 'English']. */
export function splitLanguages(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
