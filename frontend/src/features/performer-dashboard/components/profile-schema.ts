import * as yup from 'yup';
import {
  categoryOptions,
  formatAuracoin,
  isHalfStep,
  MESSAGE_PRICE_MIN,
  MESSAGE_PRICE_STEP,
  PERFORMER_AGE_MAX,
  PERFORMER_AGE_MIN,
  priceCeilingMessages,
  priceCeilings,
  RATE_MIN,
  RATE_STEP,
} from '@aura/contracts';

/** Rates and prices in Italian ("0,5"), from the one formatter. */
const rateMin = formatAuracoin(RATE_MIN);
const rateStep = formatAuracoin(RATE_STEP);
const messageStep = formatAuracoin(MESSAGE_PRICE_STEP);
const rateMax = formatAuracoin(priceCeilings.ratePerMinute);
const messageMax = formatAuracoin(priceCeilings.messagePrice);

/** The hints under the rate and message-price inputs. */
export const PROFILE_HINTS = {
  creditsPerMinute: `Minimo ${rateMin}, massimo ${rateMax}, a passi di ${rateStep}`,
  messagePrice: `Da ${formatAuracoin(MESSAGE_PRICE_MIN)} (gratis) a ${messageMax}, a passi di ${messageStep}: ne ricevi il 55%`,
} as const;

/** The form's message for each field the server may refuse. */
export const PROFILE_FIELD_MESSAGES = {
  name: 'Inserisci un nome (massimo 80 caratteri)',
  age: `Età tra ${PERFORMER_AGE_MIN} e ${PERFORMER_AGE_MAX} anni`,
  creditsPerMinute: `Tariffa tra ${rateMin} e ${rateMax} auracoin/min, a passi di ${rateStep}`,
  messagePrice: `Prezzo tra ${formatAuracoin(MESSAGE_PRICE_MIN)} e ${messageMax} auracoin, a passi di ${messageStep}`,
  image: 'Inserisci un URL valido',
  category: 'Categoria non valida',
  languages: 'Scegli almeno una lingua',
} as const;

/** The own-profile form's rules (docs/product.md#validation): the server checks the same. */
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
    .min(RATE_MIN, `Tariffa minima ${rateMin}`)
    .max(priceCeilings.ratePerMinute, priceCeilingMessages.ratePerMinute)
    .test(
      'half-step',
      `La tariffa va a passi di ${rateStep}`,
      (value) => value === undefined || isHalfStep(value, RATE_MIN),
    ),
  messagePrice: yup
    .number()
    .typeError('Inserisci il prezzo del messaggio')
    .required('Inserisci il prezzo del messaggio')
    .min(MESSAGE_PRICE_MIN, 'Il prezzo non può essere negativo')
    .max(priceCeilings.messagePrice, priceCeilingMessages.messagePrice)
    .test(
      'half-step',
      `Il prezzo va a passi di ${messageStep}`,
      (value) => value === undefined || value < MESSAGE_PRICE_MIN || isHalfStep(value, MESSAGE_PRICE_MIN),
    ),
  image: yup
    .string()
    .trim()
    .required("Inserisci l'URL della foto")
    .test(
      'url',
      'Inserisci un URL valido',
      (value) => !value || /^https?:\/\/\S+$/i.test(value) || /^\/[\w\-./]+$/.test(value),
    ),
  category: yup.string().oneOf([...categoryOptions, ''], 'Categoria non valida'),
  languages: yup.array(yup.string().required()).min(1, 'Scegli almeno una lingua'),
});

export type ProfileValues = yup.InferType<typeof profileSchema>;
