import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../api/accounts';
import { formatAuracoin } from '../format';
import {
  HEIGHT_MAX_CM,
  HEIGHT_MIN_CM,
  MESSAGE_PRICE_MIN,
  MESSAGE_PRICE_STEP,
  PERFORMER_AGE_MAX,
  PERFORMER_AGE_MIN,
  PERFORMER_BIO_MAX,
  PERFORMER_LANGUAGES_MAX,
  PERFORMER_LANGUAGES_MIN,
  PERFORMER_NAME_MAX,
  RATE_MIN,
  RATE_STEP,
  RATING_MAX,
  RATING_MIN,
  RATING_STEP_MESSAGE,
  REGISTRATION_RATE_MIN,
} from '../rules/performer';
import { priceCeilings } from '../rules/prices';
import { FORM_MESSAGES } from './common';

/** Rates and prices in Italian ("0,5"), from the one formatter. */
const rateMin = formatAuracoin(RATE_MIN);
const rateStep = formatAuracoin(RATE_STEP);
const rateMax = formatAuracoin(priceCeilings.ratePerMinute);
const messageMin = formatAuracoin(MESSAGE_PRICE_MIN);
const messageStep = formatAuracoin(MESSAGE_PRICE_STEP);
const messageMax = formatAuracoin(priceCeilings.messagePrice);

const NAME = `Inserisci un nome (massimo ${PERFORMER_NAME_MAX} caratteri)`;
const AGE = `Età tra ${PERFORMER_AGE_MIN} e ${PERFORMER_AGE_MAX} anni`;
const BIO = `Bio troppo lunga (massimo ${PERFORMER_BIO_MAX} caratteri)`;
/** The rate's rule in Italian ("Minimo 0,5, a passi di 0,5"). */
const RATE_RULE = `Minimo ${rateMin}, a passi di ${rateStep}`;
const RATING_RANGE = `Numero tra ${RATING_MIN} e ${RATING_MAX}`;

/** The admin performer form's message for each field the server may refuse. */
export const ADMIN_PERFORMER_FIELD_MESSAGES = {
  name: NAME,
  age: AGE,
  image: FORM_MESSAGES.url,
  creditsPerMinute: `${RATE_RULE}, massimo ${rateMax}`,
  languages: `Inserisci da ${PERFORMER_LANGUAGES_MIN} a ${PERFORMER_LANGUAGES_MAX} lingue, separate da virgola`,
  rating: `${RATING_RANGE}, ${RATING_STEP_MESSAGE.toLowerCase()}`,
  category: FORM_MESSAGES.category,
  bio: BIO,
  isOnline: FORM_MESSAGES.invalid,
} as const;

/** What the admin performer form says under a field before anything is sent. */
export const ADMIN_PERFORMER_FORM_MESSAGES = {
  whole: 'Numero intero',
  ageMin: `Minimo ${PERFORMER_AGE_MIN}`,
  ageMax: `Massimo ${PERFORMER_AGE_MAX}`,
  rateRule: RATE_RULE,
  ratingRange: RATING_RANGE,
  ratingStep: RATING_STEP_MESSAGE,
} as const;

/** The hints under the own-profile rate and message-price inputs. */
export const PROFILE_HINTS = {
  creditsPerMinute: `Minimo ${rateMin}, massimo ${rateMax}, a passi di ${rateStep}`,
  messagePrice: `Da ${messageMin} (gratis) a ${messageMax}, a passi di ${messageStep}: ne ricevi il 55%`,
} as const;

/** The own-profile form's message for each field the server may refuse. */
export const PROFILE_FIELD_MESSAGES = {
  name: NAME,
  age: AGE,
  creditsPerMinute: `Tariffa tra ${rateMin} e ${rateMax} auracoin/min, a passi di ${rateStep}`,
  messagePrice: `Prezzo tra ${messageMin} e ${messageMax} auracoin, a passi di ${messageStep}`,
  spyPrice: `Prezzo spia: al massimo metà della tariffa, a passi di ${rateStep} (0 = nessuna spia)`,
  image: FORM_MESSAGES.url,
  category: FORM_MESSAGES.category,
  languages: 'Scegli almeno una lingua',
} as const;

/** What the own-profile form says under a field before anything is sent. */
export const PROFILE_FORM_MESSAGES = {
  nameRequired: 'Il nome è obbligatorio',
  ageRequired: "Inserisci l'età",
  ageWhole: "L'età deve essere un numero intero",
  ageMin: `Età minima ${PERFORMER_AGE_MIN} anni`,
  ageMax: `Età massima ${PERFORMER_AGE_MAX} anni`,
  rateRequired: 'Inserisci la tariffa',
  rateMin: `Tariffa minima ${rateMin}`,
  rateStep: `La tariffa va a passi di ${rateStep}`,
  messagePriceRequired: 'Inserisci il prezzo del messaggio',
  messagePriceMin: 'Il prezzo non può essere negativo',
  messagePriceStep: `Il prezzo va a passi di ${messageStep}`,
  imageRequired: "Inserisci l'URL della foto",
} as const;

/** The registration wizard's message for each field the server may refuse. */
export const REGISTRATION_FIELD_MESSAGES = {
  username: `Username non valido: da ${USERNAME_MIN} a ${USERNAME_MAX} caratteri`,
  password: `La password deve avere almeno ${PASSWORD_MIN} caratteri`,
  email: FORM_MESSAGES.email,
  name: `Nome d'arte non valido (massimo ${PERFORMER_NAME_MAX} caratteri)`,
  dateOfBirth: 'Data di nascita non valida',
  creditsPerMinute: `Tariffa non valida: minimo ${REGISTRATION_RATE_MIN}, massimo ${rateMax}, a passi di 0,5`,
  languages: 'Lingue non valide',
  category: FORM_MESSAGES.category,
  hairColor: 'Colore dei capelli non valido',
  eyeColor: 'Colore degli occhi non valido',
  bodyType: 'Corporatura non valida',
  ethnicity: 'Etnia non valida',
  height: `Altezza tra ${HEIGHT_MIN_CM} e ${HEIGHT_MAX_CM} cm`,
  specialFeatures: 'Caratteristiche non valide',
  bio: BIO,
  digitalSignature: 'Firma il contratto per completare la registrazione',
  documents: "Carica almeno un documento d'identità",
} as const;
