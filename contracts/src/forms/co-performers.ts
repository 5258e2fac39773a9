import { ADULT_AGE } from '../rules/age';
import { CO_PERFORMER_NAME_MAX } from '../api/co-performers';
import { maxCharacters } from './common';

/** What the co-performer form says under a field before anything is sent (issue 39 item 7). */
export const CO_PERFORMER_FORM_MESSAGES = {
  nameRequired: 'Inserisci nome e cognome della persona',
  nameTooLong: maxCharacters(CO_PERFORMER_NAME_MAX),
  dateOfBirthRequired: 'Inserisci la data di nascita',
  underage: `La persona deve avere almeno ${ADULT_AGE} anni`,
  documentRequired: "Allega il suo documento d'identità",
  signatureRequired: 'Serve la sua firma sotto il consenso',
  consentRequired: 'Serve il suo consenso a comparire e al trattamento dei dati',
} as const;

/** The consent she signs, shown above the signature pad. */
export const CO_PERFORMER_CONSENT_TEXT = [
  'Dichiaro di essere maggiorenne e di acconsentire liberamente a comparire in camera con la performer su Aura',
  'e al trattamento dei miei dati e del mio documento per la verifica dell’età,',
  'conservati anche dopo la chiusura degli account come richiesto dalla legge.',
].join(' ');
