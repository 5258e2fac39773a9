import { PASSWORD_MIN, USERNAME_MIN } from '../api/accounts';
import { errorMessages } from '../errors';
import { FORM_MESSAGES } from './common';

/**
 * The consent to data about sexual life (GDPR Art. 9) the user's and the performer's registrations
 * ask for: the checkbox's label, and what the form says while it is unticked (the server's text).
 */
export const SENSITIVE_DATA_CONSENT_TEXTS = {
  label:
    "Acconsento espressamente al trattamento dei miei dati relativi alla vita sessuale (art. 9 GDPR), come descritto nell'informativa privacy",
  title: 'Consenso richiesto',
  required: errorMessages.consent_required,
} as const;

/** The registration form's messages (docs/product.md#validation). The server validates again. */
export const REGISTER_MESSAGES = {
  username: `L'username deve avere almeno ${USERNAME_MIN} caratteri`,
  email: FORM_MESSAGES.email,
  password: `La password deve avere almeno ${PASSWORD_MIN} caratteri`,
  confirmPassword: 'Le password non corrispondono',
  sensitiveDataConsent: SENSITIVE_DATA_CONSENT_TEXTS.required,
} as const;

/** The user's sign-in form. */
export const LOGIN_MESSAGES = {
  username: 'Inserisci username o email',
  password: 'Inserisci la password',
} as const;

/** The performer's sign-in form. */
export const PERFORMER_LOGIN_MESSAGES = {
  username: 'Inserisci lo username',
  password: LOGIN_MESSAGES.password,
} as const;
