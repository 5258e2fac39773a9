import { ADMIN_FULL_NAME_MAX, ADMIN_PASSWORD_MIN, ADMIN_USERNAME_MIN } from '../api/admins';
import { FORM_MESSAGES } from './common';

/** The admin form's message for each field the server may refuse. */
export const ADMIN_FIELD_MESSAGES = {
  fullName: `Inserisci il nome completo (massimo ${ADMIN_FULL_NAME_MAX} caratteri)`,
  username: `Username non valido: almeno ${ADMIN_USERNAME_MIN} caratteri`,
  email: FORM_MESSAGES.email,
  password: `Minimo ${ADMIN_PASSWORD_MIN} caratteri`,
  role: 'Ruolo non valido',
} as const;
