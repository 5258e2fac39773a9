import { performerCategories } from '../events/performers';
import { ADULT_AGE, ageOn, birthDateProblem } from './age';
import { formatNumber } from '../format';

/** Option lists of the registration form (with 'Altro') and of the gallery filters (without). */
export const hairColors = ['Bionda', 'Mora', 'Castano', 'Rossa', 'Nera', 'Altro'] as const;
export const eyeColors = ['Azzurri', 'Verdi', 'Marroni', 'Neri', 'Grigi', 'Altro'] as const;
export const bodyTypes = ['Snella', 'Atletica', 'Curvy', 'Plus Size'] as const;
export const ethnicities = ['Caucasica', 'Latina', 'Asiatica', 'Africana', 'Mista', 'Altro'] as const;
export const specialFeatureOptions = ['Tatuaggi', 'Piercing'] as const;
/** the one list of categories (events, forms, gallery filters) */
export const categoryOptions = performerCategories;
export const languageOptions = ['Italiano', 'English', 'Français', 'Español', 'Deutsch'] as const;

export const galleryFilterOptions = {
  category: categoryOptions,
  hairColor: hairColors.filter((value) => value !== 'Altro'),
  eyeColor: eyeColors.filter((value) => value !== 'Altro'),
  bodyType: bodyTypes,
  ethnicity: ethnicities.filter((value) => value !== 'Altro'),
  specialFeatures: specialFeatureOptions,
} as const;

export const PERFORMER_AGE_MIN = ADULT_AGE;
export const PERFORMER_AGE_MAX = 99;
export const HEIGHT_MIN_CM = 140;
export const HEIGHT_MAX_CM = 220;
/** own profile and admin form: minimum 0.5, step 0.5 */
export const RATE_MIN = 0.5;
export const RATE_STEP = 0.5;
/** registration form: minimum 1, default 10 */
export const REGISTRATION_RATE_MIN = 1;
export const REGISTRATION_RATE_DEFAULT = 10;
export const PHOTO_PRICE_MIN = 0.5;
export const PHOTO_PRICE_STEP = 0.5;
export const PHOTO_PRICE_DEFAULT = 50;
/** a photo's title and description: at most this many characters */
export const PHOTO_TITLE_MAX = 120;
export const PHOTO_DESCRIPTION_MAX = 1000;
export const MINIMUM_SESSION_MINUTES = 5;
/** a performer's stage name, bio and languages (registration, own profile, admin form) */
export const PERFORMER_NAME_MAX = 80;
export const PERFORMER_BIO_MAX = 2000;
export const PERFORMER_LANGUAGES_MIN = 1;
export const PERFORMER_LANGUAGES_MAX = 10;
/** a registration goes on with at least this many identity documents */
export const REGISTRATION_DOCUMENTS_MIN = 1;
/** the rating an admin sets: 0 to 5, in tenths */
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_STEP = 0.1;
/** 'A passi di 0,1': the server's and the admin form's word for a rating off the step */
export const RATING_STEP_MESSAGE = `A passi di ${formatNumber(RATING_STEP)}`;

/** A rating in whole tenths (0.1 steps), allowing for binary fractions. */
export function isRatingStep(value: number): boolean {
  const perUnit = Math.round(1 / RATING_STEP);
  return Math.abs(value * perUnit - Math.round(value * perUnit)) < 1e-9;
}
/** what one chat message of a user costs (her profile's messagePrice): auracoin, at least 0, step 0.5, default 1 */
export const MESSAGE_PRICE_MIN = 0;
export const MESSAGE_PRICE_STEP = 0.5;
export const MESSAGE_PRICE_DEFAULT = 1;

/** A rate or price in auracoin that is at least `min` and a whole number of 0.5 steps. */
export function isHalfStep(value: number, min: number = RATE_MIN): boolean {
  return Number.isFinite(value) && value >= min && Number.isInteger(value / RATE_STEP);
}

/** Rating label: at least 4.5 'Eccellente', at least 4 'Molto Buono', else 'Buono'. */
export function ratingLabel(
  rating: number | null | undefined,
): 'Eccellente' | 'Molto Buono' | 'Buono' | 'Nessuna recensione' {
  if (rating === null || rating === undefined) return 'Nessuna recensione';
  const value = rating;
  if (value >= 4.5) return 'Eccellente';
  if (value >= 4) return 'Molto Buono';
  return 'Buono';
}

/** Minimum session cost shown in the profile dialog: rate × 5 minutes. */
export function minimumSessionCost(creditsPerMinute: number): number {
  return creditsPerMinute * MINIMUM_SESSION_MINUTES;
}

/** Number of active gallery filters and its badge word. */
export function activeFiltersLabel(count: number): string {
  return `${count} ${count === 1 ? 'attivo' : 'attivi'}`;
}

export interface RegistrationCheckInput {
  username?: string | null;
  password?: string | null;
  email?: string | null;
  name?: string | null;
  dateOfBirth?: string | null;
  documentCount: number;
  digitalSignature?: string | null;
  /** when the contract was signed (the spec's body sends it with the signature) */
  signedContractAt?: unknown;
  /** the form's checkbox; the spec's body leaves it out */
  acceptedTerms?: boolean | null;
}

export interface RegistrationProblem {
  /** toast title */
  title: string;
  /** toast description, also the API's error message */
  message: string;
  /** the body field concerned */
  field: string;
}

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/**
 * The terms are accepted when the checkbox says so, or, without the field (the spec's body has
 * none), by a signed contract: a signature and its signing time. An explicit `false` is refused
 * whatever else is sent.
 */
function termsAccepted(input: RegistrationCheckInput): boolean {
  if (typeof input.acceptedTerms === 'boolean') return input.acceptedTerms;
  return !blank(input.digitalSignature) && typeof input.signedContractAt === 'string' && !blank(input.signedContractAt);
}

/**
 * The five submit checks of the performer registration, in the spec's order; the first failing
 * one, or null. The form and the server run this same function.
 */
export function registrationProblem(input: RegistrationCheckInput, now: Date): RegistrationProblem | null {
  const required = ['username', 'password', 'email', 'name', 'dateOfBirth'] as const;
  const missing = required.find((field) => blank(input[field]));
  if (missing) return { title: 'Campi mancanti', message: 'Compila tutti i campi obbligatori', field: missing };
  const dateProblem = birthDateProblem(input.dateOfBirth!, now);
  if (dateProblem) return { title: 'Età non valida', message: dateProblem, field: 'dateOfBirth' };
  if (ageOn(input.dateOfBirth!, now) < ADULT_AGE)
    return { title: 'Età non valida', message: 'Devi avere almeno 18 anni per registrarti', field: 'dateOfBirth' };
  if (input.documentCount < REGISTRATION_DOCUMENTS_MIN)
    return { title: 'Documenti mancanti', message: "Carica almeno un documento d'identità", field: 'documents' };
  if (blank(input.digitalSignature))
    return {
      title: 'Firma mancante',
      message: 'Firma il contratto per completare la registrazione',
      field: 'digitalSignature',
    };
  if (!termsAccepted(input))
    return { title: 'Termini e condizioni', message: 'Devi accettare i termini e condizioni', field: 'acceptedTerms' };
  return null;
}

/** The form's age line under the birth date (a future or impossible date says so, never a negative age). */
export function ageHint(dateOfBirth: string, now: Date): { ok: boolean; text: string } {
  const dateProblem = birthDateProblem(dateOfBirth, now);
  if (dateProblem) return { ok: false, text: dateProblem };
  const age = ageOn(dateOfBirth, now);
  return age >= ADULT_AGE
    ? { ok: true, text: `${age} anni` }
    : { ok: false, text: `Età minima richiesta: 18 anni (hai ${age} anni)` };
}

/** Day names of her weekly schedule ('Quando sono online'), Monday = 0. */
export const SCHEDULE_DAYS = ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'] as const;

/** Her weekly schedule as lines: 'Lunedì 18:00–20:30' (sorted by day and hour). */
export function scheduleLines(slots: readonly { day: number; from: string; to: string }[]): string[] {
  return [...slots]
    .sort((a, b) => a.day - b.day || a.from.localeCompare(b.from))
    .map((slot) => `${SCHEDULE_DAYS[slot.day] ?? ''} ${slot.from}–${slot.to}`);
}
