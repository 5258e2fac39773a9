import { PASSWORD_MIN, USERNAME_MIN } from '../api/accounts';
import { FORM_MESSAGES } from './common';

/** The registration form's messages (docs/product.md#validation). The server validates again. */
export const REGISTER_MESSAGES = {
  username: `L'username deve avere almeno ${USERNAME_MIN} caratteri`,
  email: FORM_MESSAGES.email,
  password: `La password deve avere almeno ${PASSWORD_MIN} caratteri`,
  confirmPassword: 'Le password non corrispondono',
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
