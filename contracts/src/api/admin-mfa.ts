import { z } from 'zod';
import type { RouteContract } from './route-contract';
import { apiPaths } from './paths';
import { moduleRefusals } from './refusals';

/** What the console says along the way (docs/architecture.md#admin-mfa). */
export const MFA_MESSAGES = {
  required: 'Questa operazione richiede il codice di verifica a due fattori',
  invalid: 'Codice di verifica non valido o già usato: usa il codice attuale della tua app',
  enrollmentRequired: 'Attiva la verifica a due fattori prima di usare la console di amministrazione',
  alreadyEnrolled: 'La verifica a due fattori è già attiva per questo account',
  notStarted: "Avvia prima l'attivazione della verifica a due fattori",
  codeFormat: 'Inserisci le 6 cifre del codice o un codice di recupero',
  locked: 'Troppi codici errati: verifica a due fattori bloccata, riprova più tardi',
  resetOwn: 'Non puoi azzerare la tua verifica a due fattori: chiedilo a un altro amministratore',
  resetSuperadmin: 'Solo un superadmin può azzerare la verifica a due fattori di un superadmin',
  notActive: 'La verifica a due fattori non è attiva per questo account',
} as const;

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx), as typed. */
export const MfaCode = z
  .string({ error: MFA_MESSAGES.codeFormat })
  .trim()
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .refine((value) => /^\d{6}$/.test(value) || /^[a-z0-9]{5}-?[a-z0-9]{5}$/.test(value), {
    message: MFA_MESSAGES.codeFormat,
  });

export const MfaConfirmBody = z.object({ code: MfaCode }).strict();

export const MfaEnrollment = z.object({
  /** base32, for typing into the app by hand */
  secret: z.string(),
  /** otpauth://totp/… for the QR code */
  otpauthUrl: z.string(),
  /** shown once: each signs one action in place of a code, once */
  recoveryCodes: z.array(z.string()),
});
export type MfaEnrollment = z.infer<typeof MfaEnrollment>;

export const MfaStatus = z.object({
  enrolled: z.boolean(),
  /** started, not confirmed yet */
  pending: z.boolean(),
  /** ADMIN_MFA_REQUIRED: enrolment is mandatory before any other admin action */
  required: z.boolean(),
  confirmedAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof MfaStatus>;

export const adminMfaRoutes = {
  adminMfaStatus: {
    ...apiPaths.adminMfaStatus,
    summary: "The signed-in admin's second factor: enrolled, pending, required",
    tag: 'admins',
    refusals: [],
    response: MfaStatus,
    secondFactor: 'none',
  },
  adminMfaEnroll: {
    ...apiPaths.adminMfaEnroll,
    summary: 'Start TOTP enrolment: a new secret (QR code and manual key) and recovery codes, shown once',
    tag: 'admins',
    refusals: moduleRefusals.admins,
    response: MfaEnrollment,
    status: 201,
    secondFactor: 'none',
  },
  resetAdminMfa: {
    ...apiPaths.resetAdminMfa,
    summary: "Reset another admin's second factor (lost phone and recovery codes): she enrols again",
    tag: 'admins',
    refusals: moduleRefusals.admins,
    params: z.object({ id: z.string().uuid({ message: 'Id non valido' }) }),
    response: MfaStatus,
    secondFactor: 'fresh',
  },
  adminMfaConfirm: {
    ...apiPaths.adminMfaConfirm,
    summary: 'Confirm enrolment with a current code from the app',
    tag: 'admins',
    refusals: moduleRefusals.admins,
    body: MfaConfirmBody,
    response: MfaStatus,
    secondFactor: 'none',
  },
} as const satisfies Record<string, RouteContract>;
