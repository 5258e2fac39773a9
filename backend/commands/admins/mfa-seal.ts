/**
 * The TOTP secrets at rest: AES-256-GCM under a key from the configuration (`MFA_ENCRYPTION_KEY`,
 * hashed to 32 bytes), or, outside production, one kept under DATA_DIR (docs/architecture.md#admin-mfa).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { EventDataOf } from '@aura/contracts';
import { keptSecret } from '../../platform/http/session-secret';

type Sealed = EventDataOf<'AdminMfaEnrollmentStarted'>['secret'];

export interface SecretSeal {
  seal(secret: string, adminId: string): Sealed;
  open(sealed: Sealed, adminId: string): string;
}

/** The seal of a key (any text: it is hashed to AES-256's 32 bytes); the admin id is authenticated with it, so a secret cannot be moved to another admin. */
export function secretSeal(keyText: string): SecretSeal {
  const key = createHash('sha256').update(keyText).digest();
  return {
    seal(secret, adminId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(adminId));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return {
        iv: iv.toString('base64url'),
        tag: cipher.getAuthTag().toString('base64url'),
        ciphertext: ciphertext.toString('base64url'),
      };
    },
    open(sealed, adminId) {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64url'));
      decipher.setAAD(Buffer.from(adminId));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** MFA_ENCRYPTION_KEY, else (never in production: the configuration refuses it) a key kept under DATA_DIR. */
export async function processSeal(config: { MFA_ENCRYPTION_KEY?: string; dataDir: string }): Promise<SecretSeal> {
  return secretSeal(config.MFA_ENCRYPTION_KEY ?? (await keptSecret(config.dataDir, 'mfa-key')));
}
