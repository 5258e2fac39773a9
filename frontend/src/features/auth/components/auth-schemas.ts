import * as yup from 'yup';
import { PASSWORD_MIN, USERNAME_MIN } from '@aura/contracts';

/** Client-side rules and their exact messages (docs/product.md#validation). The server validates again. */
export const REGISTER_MESSAGES = {
  username: `L'username deve avere almeno ${USERNAME_MIN} caratteri`,
  email: "Inserisci un'email valida",
  password: `La password deve avere almeno ${PASSWORD_MIN} caratteri`,
  confirmPassword: 'Le password non corrispondono',
} as const;

export const registerSchema = yup.object({
  username: yup.string().trim().min(USERNAME_MIN, REGISTER_MESSAGES.username).required(REGISTER_MESSAGES.username),
  email: yup.string().trim().email(REGISTER_MESSAGES.email).required(REGISTER_MESSAGES.email),
  password: yup.string().min(PASSWORD_MIN, REGISTER_MESSAGES.password).required(REGISTER_MESSAGES.password),
  confirmPassword: yup
    .string()
    .required(REGISTER_MESSAGES.confirmPassword)
    .oneOf([yup.ref('password')], REGISTER_MESSAGES.confirmPassword),
});

export type RegisterValues = yup.InferType<typeof registerSchema>;

export const LOGIN_MESSAGES = {
  username: 'Inserisci username o email',
  password: 'Inserisci la password',
} as const;

export const loginSchema = yup.object({
  username: yup.string().trim().required(LOGIN_MESSAGES.username),
  password: yup.string().required(LOGIN_MESSAGES.password),
});

export type LoginValues = yup.InferType<typeof loginSchema>;
