import * as yup from 'yup';
import { LOGIN_MESSAGES, PASSWORD_MIN, REGISTER_MESSAGES, USERNAME_MIN } from '@aura/contracts';

// the limits and the exact messages are the contracts' (docs/product.md#validation); the server validates again

export const registerSchema = yup.object({
  username: yup.string().trim().min(USERNAME_MIN, REGISTER_MESSAGES.username).required(REGISTER_MESSAGES.username),
  email: yup.string().trim().email(REGISTER_MESSAGES.email).required(REGISTER_MESSAGES.email),
  password: yup.string().min(PASSWORD_MIN, REGISTER_MESSAGES.password).required(REGISTER_MESSAGES.password),
  confirmPassword: yup
    .string()
    .required(REGISTER_MESSAGES.confirmPassword)
    .oneOf([yup.ref('password')], REGISTER_MESSAGES.confirmPassword),
  /** GDPR Art. 9: the registration is refused without it (`consent_required`) */
  sensitiveDataConsent: yup
    .boolean()
    .required(REGISTER_MESSAGES.sensitiveDataConsent)
    .oneOf([true], REGISTER_MESSAGES.sensitiveDataConsent),
});

export type RegisterValues = yup.InferType<typeof registerSchema>;

export const loginSchema = yup.object({
  username: yup.string().trim().required(LOGIN_MESSAGES.username),
  password: yup.string().required(LOGIN_MESSAGES.password),
});

export type LoginValues = yup.InferType<typeof loginSchema>;
