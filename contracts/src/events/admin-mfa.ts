import { z } from 'zod';

/** An admin's second factor (TOTP, RFC 6238) lives on its own stream. */
export const adminMfaStreams = { mfa: (adminId: string) => `admin-mfa-${adminId}` } as const;

/** AES-256-GCM, every part base64url: the TOTP secret at rest. */
export const SealedSecret = z.object({ iv: z.string(), tag: z.string(), ciphertext: z.string() });

/** She started enrolling: a new secret (sealed) and recovery codes (hashed); it counts once confirmed. */
export const AdminMfaEnrollmentStarted = z.object({
  adminId: z.string().uuid(),
  secret: SealedSecret,
  /** SHA-256 of salt and code, hex: each recovery code signs once */
  recoveryCodeHashes: z.array(z.string()),
  recoverySalt: z.string(),
  startedAt: z.string(),
});

/** A current code from her app confirmed the enrolment: from now on her money actions ask for a code. */
export const AdminMfaEnabled = z.object({ adminId: z.string().uuid(), step: z.number().int(), enabledAt: z.string() });

/** A code was used (a step of 30 s): no code of that step or before it is accepted again. */
export const AdminMfaCodeUsed = z.object({
  adminId: z.string().uuid(),
  step: z.number().int(),
  usedAt: z.string(),
  action: z.string(),
});

/** A recovery code was used in place of a TOTP code: never again. */
export const AdminMfaRecoveryCodeUsed = z.object({
  adminId: z.string().uuid(),
  index: z.number().int().nonnegative(),
  usedAt: z.string(),
  action: z.string(),
});

/** Another admin reset her second factor (a lost phone and codes): she enrols again; no code used before counts. */
export const AdminMfaReset = z.object({
  adminId: z.string().uuid(),
  byAdminId: z.string().uuid(),
  resetAt: z.string(),
});

export const adminMfaEvents = {
  AdminMfaEnrollmentStarted,
  AdminMfaEnabled,
  AdminMfaCodeUsed,
  AdminMfaRecoveryCodeUsed,
  AdminMfaReset,
} as const;
